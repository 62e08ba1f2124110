/**
 * The whole path from the list to the submit confirmation with the keyboard alone: the search
 * shortcut, Tab and Enter, and the editor's shortcuts for saving (Ctrl+S) and submitting
 * (Ctrl+Enter). Tab must also leave the pitch box rather than indent inside it.
 */
import { type Locator, type Page, expect, test } from '@playwright/test'
import { useScreensStack } from './support'

const stack = useScreensStack()

test('an applicant gets from the grant list to the submit confirmation with the keyboard only', async ({ page }) => {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()

  // "/" searches; Tab reaches the one matching row; Enter opens it.
  await page.keyboard.press('/')
  await page.keyboard.type('free-form')
  await expect(page.getByTestId('grant-row')).toHaveCount(1)
  const row = page.getByTestId('grant-row').getByRole('button')
  await tabTo(page, row)
  await expect(row).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Free-form grant' })).toBeVisible()

  const start = page.getByRole('button', { name: 'Start draft' })
  await tabTo(page, start)
  await expect(start).toBeFocused()
  await page.keyboard.press('Enter')

  // In the pitch: typing, Ctrl+S saves at once, Tab moves on instead of indenting.
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.focus()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('Typed with the keyboard.')
  await page.keyboard.press('Control+s')
  await expect(page.getByTestId('save-state')).toHaveText('Saved')
  const before = await pitch.inputValue()
  await page.keyboard.press('Tab')
  await expect(pitch).not.toBeFocused()
  expect(await pitch.inputValue()).toBe(before)

  // Ctrl+Enter opens the submit dialog; Escape closes it and focus comes back.
  await pitch.focus()
  await page.keyboard.press('Control+Enter')
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  expect(before).toContain('Typed with the keyboard.')
})

/** Presses Tab until `target` has focus (at most 15 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  const focused = () => target.evaluate((el) => (el as unknown as { matches(selector: string): boolean }).matches(':focus'))
  for (let i = 0; i < 15 && !(await focused()); i++) await page.keyboard.press('Tab')
}
