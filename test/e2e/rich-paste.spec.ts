/**
 * Paste keeps its structure (issue 36, item 1), in Chromium through its real clipboard and its
 * real paste: Google Docs' and Word's HTML (real clipboard samples, test/fixtures/paste) come
 * into the pitch as Markdown with their headings, nested lists, links' URLs and tables; one
 * Ctrl+Z takes the whole paste out; Ctrl+Shift+V pastes the plain text.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, expect, test } from '@playwright/test'
import { openGrant, useScreensStack } from './support'

const stack = useScreensStack()
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '..', 'fixtures', 'paste', name), 'utf8')

/** Puts HTML and its plain text on the system clipboard, as copying in Google Docs does. */
async function copy(page: Page, html: string, text: string): Promise<void> {
  await page.evaluate(
    async ([html, text]) => {
      const item = new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) })
      await navigator.clipboard.write([item])
    },
    [html, text] as const,
  )
}

async function emptyPitch(page: Page) {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Free-form grant')
  await page.getByRole('button', { name: /^(Start|Open) draft$/ }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.fill('Before.\n\n')
  await pitch.press('Control+End')
  return pitch
}

test('a Google Docs table and a link paste as Markdown, and one Ctrl+Z takes the whole paste out', async ({ page }) => {
  const pitch = await emptyPitch(page)
  await copy(page, fixture('google-docs-table.html'), 'a\tb\nb\tc\nd\te\tf')
  await page.keyboard.press('Control+v')
  await expect(pitch).toHaveValue('Before.\n\n| a | b b | c |\n| - | --- | - |\n| d | e   | f |')

  await copy(page, fixture('google-docs-link.html'), 'link to bustle')
  await pitch.press('Control+End')
  await page.keyboard.type('\n\n')
  await page.keyboard.press('Control+v')
  // Chromium's clipboard writes the address as it reads it (with the root's slash).
  await expect(pitch).toHaveValue(/\n\nlink to \[bustle\]\(http:\/\/bustle\.com\/\)$/)

  await page.keyboard.press('Control+z')
  await expect(pitch).toHaveValue('Before.\n\n| a | b b | c |\n| - | --- | - |\n| d | e   | f |\n\n')
})

test('Word’s nested list pastes as a nested Markdown list; Ctrl+Shift+V pastes the plain text instead', async ({ page }) => {
  const pitch = await emptyPitch(page)
  const plain = 'foo\n가나다'
  await copy(page, fixture('word-nested-list.html'), plain)
  await page.keyboard.press('Control+v')
  await expect(pitch).toHaveValue('Before.\n\n- foo\n  1. 가나다')

  await page.keyboard.press('Control+z')
  await expect(pitch).toHaveValue('Before.\n\n')
  await page.keyboard.press('Control+Shift+v')
  await expect(pitch).toHaveValue(`Before.\n\n${plain}`)
})
