/**
 * "Check links" in the built app (the browser host, the same core as the desktop app), against
 * a real local server (issue 33): the applicant types a link, presses Check links, and the dead
 * link is a checklist finding named for them; nothing was asked before the click.
 */
import { expect, test } from '@playwright/test'
import { type LinkServer, startLinkServer } from '../support/link-server'
import { openSharedDraft, useTeamDraft } from './team-desks'
import { closeContextsAfterEach } from './support'

closeContextsAfterEach()

const team = useTeamDraft({
  prefix: 'grant-desk-links-',
  names: ['Ada', undefined],
  pitch: '# Tracekit\n\nWallet developers cannot see why a transaction failed.\n',
})

let links: LinkServer
test.beforeAll(async () => {
  links = await startLinkServer()
})
test.afterAll(async () => {
  await links?.close()
})

test('Check links asks the typed links and shows the dead one in the checklist', async ({ browser }) => {
  const {
    desks: [desk],
  } = team()
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  await openSharedDraft(page, desk!)
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.insertText(`\n## Team\n\n- Ada: [ada-l’s profile](${links.url}/missing), [site](${links.url}/ok)\n`)
  expect(links.requests).toEqual([])

  await page.getByRole('tab', { name: 'Checklist' }).click()
  await page.getByRole('button', { name: 'Check links' }).click()
  await expect(page.getByTestId('link-check-status')).toHaveText('2 links checked: 1 dead.')
  await expect(page.locator('.checklist-panel')).toContainText(`The link to ada-l’s profile answers 404 (${links.url}/missing).`)
  expect([...links.requests].sort()).toEqual(['HEAD /missing', 'HEAD /ok'])
})
