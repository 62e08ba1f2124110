/**
 * A pitch's Markdown as HTML for the review copy, rendered in Node with the unified family the
 * app's preview is built on (remark-parse, remark-gfm, remark-rehype, rehype-sanitize), under the
 * same rules (shared/markdown/safe-rules.ts): raw HTML shown as text, images as links, links
 * only to http, https and mailto. rehype-sanitize runs last before stringify, whatever the
 * steps before it did, so the output is safe even if one of them is wrong.
 *
 * Two things only a printed copy needs: the pitch's headings fit under the copy's own (its
 * "# Title" must not be a second h1, and no level is skipped), and a reference mark ("[3]")
 * follows the passage each review note is about, linking to the note.
 */
import type { Element, ElementContent, Root } from 'hast'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { rehypeSafeMarkdown, SAFE_SANITIZE_SCHEMA } from '../../../shared/markdown'

/** A link whose text is its address; print shows no address after it (it would say it twice). */
export const BARE_LINK_CLASS = 'bare-link'

/**
 * The app's schema, plus the one class this step adds (a fixed word, nothing of the Markdown's).
 * Added to the link's existing className rule: sanitize reads one rule per attribute.
 */
const SCHEMA: typeof SAFE_SANITIZE_SCHEMA = {
  ...SAFE_SANITIZE_SCHEMA,
  attributes: {
    ...SAFE_SANITIZE_SCHEMA.attributes,
    a: (SAFE_SANITIZE_SCHEMA.attributes?.['a'] ?? []).map((rule) => (Array.isArray(rule) && rule[0] === 'className' ? [...rule, BARE_LINK_CLASS] : rule)),
  },
}

/** A note about the passage at `line` (1-based, of the Markdown source). */
export interface NoteMark {
  line: number
  number: number
  /** The note's element id in the copy (`note-3`). */
  target: string
}

export interface MarkdownHtmlOptions {
  /** The level the Markdown's top headings take (default 1). */
  headingTop?: number
  marks?: readonly NoteMark[]
}

export function markdownToHtml(source: string, options: MarkdownHtmlOptions = {}): string {
  const file = unified()
    .use(remarkParse)
    .use(remarkGfm)
    // HTML in the Markdown is kept as `raw` only so the next step can show it as text.
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeSafeMarkdown)
    .use(rehypePrintable)
    .use(rehypeFitHeadings, options.headingTop ?? 1)
    .use(rehypeNoteMarks, options.marks ?? [])
    .use(rehypeSanitize, SCHEMA)
    .use(rehypeStringify)
    .processSync(source)
  return String(file)
}

const HEADING = /^h([1-6])$/

function elements(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    visit(child)
    elements(child, visit)
  }
}

/**
 * Headings in document order: the highest level used becomes `top`, and none is more than one
 * level below the heading before it, so the copy's outline has no gaps (a screen reader's
 * heading list, and axe's heading-order rule).
 */
function rehypeFitHeadings(top: number) {
  return (tree: Root): undefined => {
    const headings: Element[] = []
    elements(tree, (element) => {
      if (HEADING.test(element.tagName)) headings.push(element)
    })
    if (headings.length === 0) return undefined
    const levels = headings.map((heading) => Number(HEADING.exec(heading.tagName)![1]))
    const offset = top - Math.min(...levels)
    let previous = top - 1
    headings.forEach((heading, index) => {
      const level = Math.max(top, Math.min(6, levels[index]! + offset, previous + 1))
      heading.tagName = `h${level}`
      previous = level
    })
    return undefined
  }
}

/**
 * Two things of the app's preview that do not suit a document to print and read:
 * - GFM task list boxes are disabled form controls without labels (nobody can tick them on
 *   paper, and axe reports unlabelled inputs): they become the box characters they stand for;
 * - HTML written as a block (shown as text, see safe-rules.ts) would sit outside any
 *   paragraph: it gets one, so it reads and prints like the text around it;
 * - a link that reads as its own address is marked, so print does not repeat the address.
 */
function rehypePrintable() {
  return (tree: Root): undefined => {
    const swap = (parent: Root | Element) => {
      parent.children.forEach((child, index) => {
        if (child.type !== 'element') return
        if (child.tagName === 'input' && child.properties['type'] === 'checkbox') {
          parent.children[index] = { type: 'text', value: child.properties['checked'] ? '☑' : '☐' }
          return
        }
        swap(child)
      })
    }
    swap(tree)
    elements(tree, (element) => {
      const href = element.properties['href']
      if (element.tagName !== 'a' || typeof href !== 'string') return
      const label = textOf(element).trim()
      if (label === href || `mailto:${label}` === href) element.properties['className'] = [BARE_LINK_CLASS]
    })
    tree.children = tree.children.map((child) =>
      child.type === 'text' && child.value.trim() !== ''
        ? { type: 'element', tagName: 'p', properties: {}, children: [child], ...(child.position ? { position: child.position } : {}) }
        : child,
    )
    return undefined
  }
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}

const PHRASING = new Set(['a', 'abbr', 'b', 'br', 'code', 'del', 'em', 'i', 'ins', 'kbd', 'q', 's', 'span', 'strong', 'sub', 'sup'])
const TEXT_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'td', 'th', 'dt', 'dd'])
/** Elements a mark may not be a direct child of (it would not be valid HTML there). */
const NO_PHRASING = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'section', 'blockquote'])

function spans(node: ElementContent | Element, line: number): boolean {
  const position = node.position
  return position !== undefined && position.start.line <= line && line <= position.end.line
}

/** The innermost block that holds `line`: where its mark goes. */
function blockAt(tree: Root, line: number): Element | null {
  let found: Element | null = null
  let parent: Root | Element = tree
  for (;;) {
    const children: readonly (Root | Element)['children'][number][] = parent.children
    const child = children.find((node): node is Element => node.type === 'element' && spans(node, line) && !PHRASING.has(node.tagName))
    if (!child) break
    found = child
    parent = child
    if (TEXT_BLOCKS.has(child.tagName)) break
  }
  if (found && !NO_PHRASING.has(found.tagName)) return found
  // Between blocks, or inside a list or table row but on no item: the block that starts before it.
  const before = tree.children.filter((node): node is Element => node.type === 'element' && node.position !== undefined && node.position.start.line <= line)
  const last = before.at(-1) ?? null
  return last && NO_PHRASING.has(last.tagName) ? null : last
}

function rehypeNoteMarks(marks: readonly NoteMark[]) {
  return (tree: Root): undefined => {
    const byBlock = new Map<Element, NoteMark[]>()
    for (const mark of marks) {
      const block = blockAt(tree, mark.line)
      if (!block) continue
      byBlock.set(block, [...(byBlock.get(block) ?? []), mark])
    }
    for (const [block, list] of byBlock) {
      const links: ElementContent[] = list
        .sort((a, b) => a.number - b.number)
        .map((mark) => ({
          type: 'element',
          tagName: 'a',
          properties: { href: `#${mark.target}`, ariaLabel: `Review note ${mark.number}` },
          children: [{ type: 'text', value: `[${mark.number}]` }],
        }))
      block.children.push({ type: 'text', value: ' ' }, { type: 'element', tagName: 'sup', properties: {}, children: links })
    }
    return undefined
  }
}
