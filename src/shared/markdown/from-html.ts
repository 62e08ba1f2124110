/**
 * HTML (a clipboard's `text/html`, an .html file, mammoth's output for a .docx) as GitHub-flavoured
 * Markdown, with the unified family and no converter of our own: hast-util-from-html parses,
 * office-html.ts rewrites what Google Docs and Word mean by their styles into plain HTML, the
 * app's Markdown rules (safe-rules.ts: images become links, links keep only http, https and
 * mailto) apply, rehype-sanitize with the app's schema runs, then hast-util-to-mdast and
 * mdast-util-to-markdown with GFM (tables) write the Markdown.
 *
 * Used by the pitch editor's paste (renderer, only when a paste happens, never while typing),
 * and by the import of a file (main process and CLI).
 */
import type { Root } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { toMdast } from 'hast-util-to-mdast'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { toMarkdown } from 'mdast-util-to-markdown'
import rehypeSanitize from 'rehype-sanitize'
import { normalizeOfficeHtml } from './office-html'
import { rehypeSafeMarkdown, SAFE_SANITIZE_SCHEMA } from './safe-rules'

const sanitize = rehypeSanitize(SAFE_SANITIZE_SCHEMA)
const safeRules = rehypeSafeMarkdown()

/** The Markdown of `html`, ending without a newline; '' when it holds no text. */
export function htmlToMarkdown(html: string): string {
  const tree: Root = fromHtml(html)
  normalizeOfficeHtml(tree)
  safeRules(tree)
  const clean = sanitize(tree)
  const mdast = toMdast(clean)
  const markdown = toMarkdown(mdast, {
    extensions: [gfmToMarkdown()],
    bullet: '-',
    emphasis: '*',
    strong: '*',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
  })
  return markdown.trim()
}
