import { writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'
import { IDS } from '../test/support/service'
import { type HostStack, startHostStack } from '../test/support/browser-host'
import { GOOD_PITCH, USER, openScreen, screensFixture, watchForErrors } from '../test/e2e/support'

test.describe.configure({ mode: 'serial' })
let stack: HostStack
const SHOTS = '/tmp/gd-shots'

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  stack = await startHostStack({ fixture: screensFixture(), rendererDir: '/tmp/gd-harness/out' })
})
test.afterAll(async () => {
  await stack?.dispose()
})

async function check(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const v = results.violations.map((x) => ({ id: x.id, impact: x.impact, nodes: x.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
  console.log(name, JSON.stringify(v))
  expect(v.filter((x) => x.impact === 'serious' || x.impact === 'critical')).toEqual([])
}

test('welcome, drafts, applications, feedback, settings', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto(stack.pageUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toBeVisible()
  await expect(page.getByText('Connected: the service lists 5 grants')).toBeVisible()
  await check(page, 'welcome')
  await page.getByLabel('Email').fill(USER.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('email and password')
  await page.getByLabel('Password').fill(USER.password)
  await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toHaveCount(0)

  // Drafts: empty, then two drafts and a damaged file.
  await openScreen(page, 'Drafts')
  await expect(page.getByText('No drafts yet. Open a grant and choose Start draft.')).toBeVisible()
  await check(page, 'drafts-empty')
  const a = await stack.core.dispatch('drafts.create', { grantId: IDS.open })
  const b = await stack.core.dispatch('drafts.create', { grantId: IDS.freeForm, pitch: GOOD_PITCH })
  expect(a.ok && b.ok).toBe(true)
  writeFileSync(join(stack.draftsDir, 'broken.md'), '---\ngrant: [unclosed\n---\nhello\n')
  await expect(page.getByRole('button', { name: 'Open draft for Open grant with a form' })).toBeVisible()
  await expect(page.getByText('broken.md').first()).toBeVisible()
  await check(page, 'drafts')
  await page.getByRole('button', { name: 'Delete damaged file broken.md' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete this draft?' })).toBeVisible()
  await check(page, 'drafts-delete-dialog')
  await page.getByRole('button', { name: 'Delete draft', exact: true }).click()
  await expect(page.getByTestId('drafts-notice')).toContainText('Moved to')
  await expect(page.getByText('broken.md')).toHaveCount(0)

  // Submit through the dialog (the harness mounts it from the address).
  const freeId = b.ok ? b.value.id : ''
  await page.evaluate((id) => (location.hash = `submit=${id}`), freeId)
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog).toContainText('Free-form application: only the pitch is sent.')
  await expect(dialog).toContainText(`POST ${stack.service.url}`)
  await check(page, 'submit-confirmation')
  await dialog.getByRole('button', { name: 'Submit application' }).click()
  await expect(dialog.getByTestId('submit-outcome')).toContainText('Submitted. Application')
  await check(page, 'submit-success')
  const appId = (await dialog.getByTestId('application-id').textContent())!.trim()
  await expect(page.getByTestId('harness-submitted')).toHaveText(`${appId} false`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // The draft for the form grant has empty required fields: the preview says what to fix.
  const formId = a.ok ? a.value.id : ''
  await page.evaluate((id) => (location.hash = `submit=${id}`), formId)
  await expect(dialog.getByTestId('submit-outcome')).toContainText('Fix these before submitting:')
  await check(page, 'submit-fix-fields')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // The same draft again: already submitted.
  await page.evaluate((id) => (location.hash = `submit=${id}`), freeId)
  await expect(dialog.getByRole('button', { name: 'Submit application' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Submit application' }).click()
  await expect(dialog.getByTestId('submit-outcome')).toContainText('already applied')
  await expect(dialog.getByTestId('application-id')).toHaveText(appId)
  await dialog.getByRole('button', { name: 'Close' }).click()

  await openScreen(page, 'Drafts')
  await expect(page.getByRole('row').filter({ hasText: 'Free-form grant' })).toContainText('Submitted')

  await openScreen(page, 'Applications')
  await expect(page.getByRole('table')).toContainText(appId)
  await check(page, 'applications')

  await openScreen(page, 'Report an outdated guide')
  await expect(page.getByText('grant-desk/grant-apply')).toBeVisible()
  await page.getByLabel('What is outdated or wrong?').fill('The milestone guidance is outdated.')
  await expect(page.getByTestId('feedback-count')).toHaveText('35 of 10,000 characters')
  await check(page, 'feedback')
  await page.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status').filter({ hasText: /thank|received|sent/i })).toBeVisible()
  await expect(page.getByLabel('What is outdated or wrong?')).toHaveValue('')

  await openScreen(page, 'Settings')
  await page.getByRole('button', { name: 'Check address' }).click()
  await expect(page.getByText(/Connected: the service lists 5 grants/)).toBeVisible()
  await check(page, 'settings')
  await page.getByLabel('Feedback namespace').fill('Bad Name')
  await page.getByLabel('Drafts folder').fill('relative/path')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByLabel('Feedback namespace')).toHaveAttribute('aria-invalid', 'true')
  await check(page, 'settings-errors')
  await page.getByLabel('Feedback namespace').fill('my-team')
  await page.getByLabel('Drafts folder').fill('')
  await page.getByLabel('Reviewer name').fill('Ada')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByTestId('settings-saved')).toHaveText('Settings saved.')
  await expect(page.getByText('my-team/grant-apply')).toBeVisible()
  await page.getByRole('button', { name: 'Use the default folder' }).click()
  await expect(page.getByTestId('settings-saved')).toContainText('Settings saved.')
  expect(errors).toEqual([])
})
