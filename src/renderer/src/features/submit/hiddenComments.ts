/**
 * HTML comments (`<!-- … -->`) in a pitch: a Markdown preview hides them, but they are part of
 * the text that is sent. Every template carries its hints as comments, so the applicant is told.
 */
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

/** Comments written inside code are shown as text, so only those Markdown reads as HTML count. */
export function hiddenCommentCount(markdown: string): number {
  let count = 0
  const visit = (node: Nodes) => {
    if (node.type === 'html') count += node.value.match(/<!--/g)?.length ?? 0
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(fromMarkdown(markdown))
  return count
}
