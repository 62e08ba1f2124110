/**
 * A draft changed on disk while the applicant has unsaved edits (a teammate's change arriving
 * through `git pull`) in the same paragraph: nothing is written over it, the conflict view
 * shows both versions, and its last resort "keep mine as a copy" loses neither text.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { HostStack } from '../support/browser-host'
import { checkScreen } from '../support/ui'
import { expectSaved, openGrant, useScreensStack } from './support'

const stack = useScreensStack()

test('an edit on disk of the paragraph being typed opens the conflict view; keeping mine makes a copy and theirs stays', async ({ page }, testInfo) => {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Free-form grant')
  await page.getByRole('button', { name: 'Start draft' }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.fill('# Mine\n\nFirst version.\n')
  await expectSaved(page)
  const path = onlyDraft(stack())

  // Typed but not yet saved (autosave waits half a second), the file changes underneath.
  await pitch.fill('# Mine\n\nMy unsaved words.\n')
  const theirs = readFileSync(path, 'utf8').replace('First version.', 'Their words from git.')
  writeFileSync(path, theirs)

  const dialog = page.getByRole('alertdialog', { name: /^Finish merging/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('group', { name: 'Pitch, place 1 of 1' })).toContainText('Their words from git.')
  await checkScreen(page, testInfo, 'conflict-view-save')
  expect(readFileSync(path, 'utf8')).toBe(theirs) // nothing overwritten

  await dialog.getByRole('button', { name: 'Keep mine as a copy' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue('# Mine\n\nMy unsaved words.\n')
  await expectSaved(page)
  expect(readFileSync(path, 'utf8')).toBe(theirs)
  const copies = readdirSync(stack().draftsDir).filter((name) => name.endsWith('.md') && join(stack().draftsDir, name) !== path)
  expect(copies).toHaveLength(1)
  expect(readFileSync(join(stack().draftsDir, copies[0]!), 'utf8')).toContain('My unsaved words.')
})

/** The only draft file in the stack's drafts folder. */
function onlyDraft(s: HostStack): string {
  const files = readdirSync(s.draftsDir).filter((name) => name.endsWith('.md'))
  if (files.length !== 1) throw new Error(`expected one draft in ${s.draftsDir}, found ${files.join(', ') || 'none'}`)
  return join(s.draftsDir, files[0]!)
}
