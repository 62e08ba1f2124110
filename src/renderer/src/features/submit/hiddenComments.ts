/**
 * HTML comments (`<!-- … -->`) in a pitch: a Markdown preview hides them, but they are part of
 * the text that is sent. Every template carries its hints as comments, so the applicant is told,
 * and offered to remove them.
 */
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

const COMMENT = /<!--[\s\S]*?-->/g
/** The checklist's own control comments (`<!-- checklist-disable … -->`) are the applicant's, put there on purpose. */
const CONTROL = /^<!--\s*checklist-/

interface Removal {
  start: number
  end: number
}

/** Comments written inside code are shown as text, so only those Markdown reads as HTML count. */
function htmlNodes(markdown: string): Array<Extract<Nodes, { type: 'html' }>> {
  const found: Array<Extract<Nodes, { type: 'html' }>> = []
  const visit = (node: Nodes) => {
    if (node.type === 'html') found.push(node)
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(fromMarkdown(markdown))
  return found
}

export function hiddenCommentCount(markdown: string): number {
  return htmlNodes(markdown).reduce((count, node) => count + (node.value.match(/<!--/g)?.length ?? 0), 0)
}

/** Where the template's hints are: each comment (but the checklist's control comments), whole lines when a line holds nothing else. */
function hintRemovals(markdown: string): Removal[] {
  const removals: Removal[] = []
  for (const node of htmlNodes(markdown)) {
    const start = node.position?.start.offset
    if (start === undefined) continue
    for (const match of node.value.matchAll(COMMENT)) {
      if (CONTROL.test(match[0])) continue
      let from = start + (match.index ?? 0)
      let to = from + match[0].length
      // A comment alone on its lines goes with them (and their line break), leaving no blank line behind.
      const lineStart = markdown.lastIndexOf('\n', from - 1) + 1
      const lineEnd = markdown.slice(to).search(/\r?\n|$/) + to
      if (markdown.slice(lineStart, from).trim() === '' && markdown.slice(to, lineEnd).trim() === '') {
        from = lineStart
        to = lineEnd + (markdown.startsWith('\r\n', lineEnd) ? 2 : markdown[lineEnd] === '\n' ? 1 : 0)
      }
      removals.push({ start: from, end: to })
    }
  }
  return removals
}

/** How many of the pitch's hidden comments "Remove template hints" would remove. */
export function templateHintCount(markdown: string): number {
  return hintRemovals(markdown).length
}

/** The pitch without the template's hint comments; the checklist's control comments stay. */
export function removeTemplateHints(markdown: string): string {
  let text = markdown
  for (const { start, end } of hintRemovals(markdown).sort((a, b) => b.start - a.start)) text = text.slice(0, start) + text.slice(end)
  return text
}
