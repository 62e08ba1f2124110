/**
 * New draft from a file (issue 36, item 2) on the Drafts screen of the browser host: a Google
 * Docs export chosen in the dialog becomes a new draft of the picked grant, with its table; a
 * file that is not what its name says is refused with the reason and makes no draft; the new
 * draft opens with the grant's template sections beside its own (Fit to the template).
 */
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { openScreen, useScreensStack } from './support'

const stack = useScreensStack()

test('a chosen .html file becomes a new draft of the picked grant; a fake .docx is refused with the reason', async ({ page }) => {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openScreen(page, 'Drafts')

  await page.getByRole('button', { name: 'New draft from a file…' }).click()
  const dialog = page.getByTestId('import-draft-dialog')
  await dialog.getByLabel('File').setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('# not a zip\n') })
  await dialog.getByLabel('For the grant').selectOption({ label: 'Free-form grant' })
  await dialog.getByRole('button', { name: 'Create draft' }).click()
  await expect(dialog.getByText(/notes\.docx was not imported: it is not a \.docx file/)).toBeVisible()

  await dialog.getByLabel('File').setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'paste', 'google-docs-table.html'))
  await dialog.getByRole('button', { name: 'Create draft' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('drafts-notice')).toContainText('The new draft was created from the file.')
  await page.getByRole('button', { name: 'Open the new draft' }).click()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue('| a | b b | c |\n| - | --- | - |\n| d | e   | f |\n')
  // After an import the editor shows the grant's template sections beside the document's own
  // (issue 36); nothing changes until Apply.
  const fit = page.getByTestId('fit-template')
  await expect(fit).toBeVisible()
  await expect(fit).toContainText('Problem statement')
  await fit.getByRole('button', { name: 'Cancel' }).click()
  await expect(fit).toBeHidden()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue('| a | b b | c |\n| - | --- | - |\n| d | e   | f |\n')
})
