/**
 * HTML to Markdown (src/shared/markdown/from-html.ts) on real clipboard samples of Google Docs,
 * Word and a web page (test/fixtures/paste, sources in its SOURCES.md): headings, nested lists,
 * links with their URLs, tables, emphasis, and nothing unsafe coming through.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { htmlToMarkdown } from '../../../../src/shared/markdown'

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/paste/${name}`, import.meta.url), 'utf8')

describe('HTML to Markdown', () => {
  it('reads Google Docs’ styled spans as bold and italics, and its guid wrapper as not bold', () => {
    expect(htmlToMarkdown(fixture('google-docs-formatting.html'))).toBe('**Bold**\n\n*Italic*\n\nunderline\n\n**_Bold Italic Underline_**')
  })

  it('keeps a Google Docs heading as a heading and a link with its URL', () => {
    expect(htmlToMarkdown(fixture('google-docs-heading.html'))).toBe('# h1 text')
    expect(htmlToMarkdown(fixture('google-docs-link.html'))).toBe('link to [bustle](http://bustle.com)')
  })

  it('turns a Google Docs table into a GFM table whose first row is the header, every cell in place', () => {
    expect(htmlToMarkdown(fixture('google-docs-table.html'))).toBe('| a | b b | c |\n| - | --- | - |\n| d | e   | f |')
  })

  it('makes an image a link to it, never an embedded image', () => {
    const markdown = htmlToMarkdown(fixture('google-docs-image.html'))
    expect(markdown).toBe('[\\[Image\\]](https://placehold.it/100x100)')
    expect(markdown).not.toContain('![')
  })

  it('rebuilds Word’s list paragraphs as nested lists (a numbered one under a bullet), without their typed markers or Word’s markup', () => {
    const markdown = htmlToMarkdown(fixture('word-nested-list.html'))
    // The Wingdings "l" is Word's bullet and "1." its typed number: neither is a word of the item.
    expect(markdown).toBe(['- foo', '  1. 가나다'].join('\n'))
    for (const leak of ['mso', 'Wingdings', '맑은 고딕', 'Times New Roman', 'l\u00a0', 'KO']) expect(markdown).not.toContain(leak)
  })

  it('keeps a web page’s headings, nested lists, links, inline code and table', () => {
    const markdown = htmlToMarkdown(fixture('web-nodejs-intl.html'))
    const lines = markdown.split('\n')
    expect(lines[0]).toBe('## Internationalization support')
    expect(lines).toContain('### Options for building Node.js')
    expect(markdown).toContain('- Locale-sensitive or Unicode-aware functions in the [ECMAScript Language Specification](https://tc39.github.io/ecma262/):')
    expect(lines.filter((line) => line.startsWith('  - [`String.prototype.')).length).toBeGreaterThanOrEqual(3)
    expect(markdown).toMatch(/^\| Feature +\| `none` +\| `system-icu` +\| `small-icu` +\| `full-icu` \|$/m)
    // 13 rows under the header, 5 cells each.
    const tableRows = lines.filter((line) => line.startsWith('| ') && !line.startsWith('| Feature') && !line.startsWith('| -'))
    expect(tableRows).toHaveLength(13)
    for (const row of tableRows) expect(row.split(' | ')).toHaveLength(5)
    // The page's own "#" anchors beside its headings are not words of the heading.
    expect(markdown).not.toMatch(/^#+ .*\[#\]/m)
  })

  it('sanitizes: no script, no event handler, no javascript: link, no raw HTML', () => {
    const markdown = htmlToMarkdown(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(2)</script><img src="x" onerror="y()"></p><style>p{}</style>',
    )
    expect(markdown).toBe('Hi there\\[Image]')
  })

  it('gives nothing for HTML without text', () => {
    expect(htmlToMarkdown('<meta charset="utf-8"><b id="docs-internal-guid-1"></b>')).toBe('')
  })
})
