/**
 * What Google Docs, Word and web pages put in their HTML that hast-util-to-mdast cannot read as
 * structure, rewritten into the plain HTML it does read. Small visitors over the hast tree; the
 * conversion itself stays hast-util-to-mdast's.
 *
 * - Google Docs wraps a copy in `<b id="docs-internal-guid-…" style="font-weight:normal">` (not
 *   bold) and marks bold and italics only by a span's inline style (`font-weight:700`,
 *   `font-style:italic`); sanitize drops styles, so they become `<strong>`/`<em>` first.
 * - Word writes each list item as a `<p class="MsoListParagraph…" style="mso-list:l0 level2 lfo1">`
 *   whose number or bullet is text in a `mso-list:Ignore` span; consecutive ones become nested
 *   `<ol>`/`<ul>`. Its `<o:p>` elements and the `<head>` (styles, XML in conditional comments)
 *   are dropped.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'

type Parent = Root | Element
type Child = RootContent | ElementContent

/** Elements whose content is never part of the document (their text would leak as words). */
const DROPPED = new Set(['head', 'style', 'script', 'title', 'meta', 'link', 'template', 'noscript', 'xml', 'o:p'])
const HEADING = /^h[1-6]$/

function styleOf(node: Element): string {
  const style = node.properties['style']
  return typeof style === 'string' ? style.toLowerCase().replace(/\s+/g, '') : ''
}

function classesOf(node: Element): string[] {
  const value = node.properties['className']
  // hast-util-from-html gives the class attribute as a list of names.
  return Array.isArray(value) ? value.map(String) : []
}

function element(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return { type: 'element', tagName, properties, children }
}

function isBold(style: string): boolean {
  const weight = /(?:^|;)font-weight:([a-z0-9]+)/.exec(style)?.[1]
  return weight === 'bold' || weight === 'bolder' || (weight !== undefined && /^\d+$/.test(weight) && Number(weight) >= 600)
}

function isNotBold(style: string): boolean {
  const weight = /(?:^|;)font-weight:([a-z0-9]+)/.exec(style)?.[1]
  return weight === 'normal' || weight === 'lighter' || (weight !== undefined && /^\d+$/.test(weight) && Number(weight) < 600)
}

function isItalic(style: string): boolean {
  return /(?:^|;)font-style:(?:italic|oblique)/.test(style)
}

/** A Google Docs envelope, or any `<b>` its own style says is not bold: its children, unwrapped. */
function isFalseBold(node: Element): boolean {
  if (node.tagName !== 'b' && node.tagName !== 'strong') return false
  const id = node.properties['id']
  return (typeof id === 'string' && id.startsWith('docs-internal-guid')) || isNotBold(styleOf(node))
}

/** Word's list item: its level (1 for the top) from `mso-list:l0 level2 lfo1`, or null. */
function wordListLevel(node: Element): number | null {
  if (node.tagName !== 'p') return null
  const style = styleOf(node)
  const level = /mso-list:l\d+level(\d+)/.exec(style)
  if (level) return Number(level[1])
  return classesOf(node).some((name) => name.startsWith('MsoListParagraph')) ? 1 : null
}

function textOf(node: Child): string {
  if (node.type === 'text') return node.value
  if (node.type === 'element') return node.children.map(textOf).join('')
  return ''
}

/**
 * Takes the `mso-list:Ignore` marker out of a Word list paragraph and says whether it numbers
 * ("1.", "a)", "iv.") or bullets ("·", "o", "§" in Symbol and Wingdings fonts).
 */
function takeWordMarker(node: Element): { ordered: boolean } {
  let marker = ''
  const strip = (parent: Element): void => {
    parent.children = parent.children.filter((child) => {
      if (child.type !== 'element') return true
      if (/mso-list:ignore/.test(styleOf(child))) {
        marker += textOf(child)
        return false
      }
      strip(child)
      return true
    })
  }
  strip(node)
  const text = marker.replace(/\s+/g, '')
  return { ordered: /^(?:\d+|[a-z]{1,4})[.)]$/i.test(text) }
}

interface OpenList {
  level: number
  list: Element
}

/** Consecutive Word list paragraphs of `parent` as nested lists, in place. */
function gatherWordLists(parent: Parent): void {
  const out: Child[] = []
  let stack: OpenList[] = []
  for (const child of parent.children as Child[]) {
    const level = child.type === 'element' ? wordListLevel(child) : null
    if (child.type === 'element' && level !== null) {
      const { ordered } = takeWordMarker(child)
      while (stack.length > 0 && stack.at(-1)!.level > level) stack.pop()
      if (stack.length === 0 || stack.at(-1)!.level < level) {
        const list = element(ordered ? 'ol' : 'ul', [])
        const holder = stack.at(-1)?.list.children.at(-1)
        if (holder && holder.type === 'element') holder.children.push(list)
        else out.push(list)
        stack.push({ level, list })
      }
      stack.at(-1)!.list.children.push(element('li', child.children))
      continue
    }
    // Whitespace and Word's conditional comments between items do not end the list.
    const between = child.type === 'comment' || (child.type === 'text' && child.value.trim() === '')
    if (!between) stack = []
    if (stack.length === 0 || !between) out.push(child)
  }
  parent.children = out
}

function rewrite(parent: Parent): void {
  const out: Child[] = []
  for (const child of parent.children as Child[]) {
    if (child.type !== 'element') {
      out.push(child)
      continue
    }
    if (DROPPED.has(child.tagName)) continue
    rewrite(child)
    if (child.tagName === 'table') headerFromFirstRow(child)
    if ((child.tagName === 'td' || child.tagName === 'th') && child.children.filter(isParagraph).length > 1) spaceParagraphs(child)
    if (isFalseBold(child)) {
      out.push(...child.children)
      continue
    }
    if (child.tagName === 'span' && !(parent.type === 'element' && HEADING.test(parent.tagName))) {
      const style = styleOf(child)
      let wrapped: Element = child
      if (isItalic(style)) wrapped = element('em', [wrapped])
      if (isBold(style)) wrapped = element('strong', [wrapped])
      out.push(wrapped)
      continue
    }
    out.push(child)
  }
  parent.children = out
  gatherWordLists(parent)
}

function isParagraph(node: Child): boolean {
  return node.type === 'element' && node.tagName === 'p'
}

/** A cell's paragraphs (Google Docs puts one per line) as words with a space between: a GFM cell is one line. */
function spaceParagraphs(cell: Element): void {
  let seen = false
  cell.children = cell.children.flatMap((child) => {
    if (child.type !== 'element' || child.tagName !== 'p') return [child]
    const words: ElementContent[] = seen ? [{ type: 'text', value: ' ' }, ...child.children] : child.children
    seen = true
    return words
  })
}

function rowsOf(node: Element): Element[] {
  return node.children.flatMap((child) =>
    child.type !== 'element' ? [] : child.tagName === 'tr' ? [child] : ['thead', 'tbody', 'tfoot'].includes(child.tagName) ? rowsOf(child) : [],
  )
}

/**
 * A GFM table needs a header row; Google Docs and Word tables have none (no `<th>`), and their
 * first row is the one that names the columns, so it becomes the header rather than an empty one.
 */
function headerFromFirstRow(table: Element): void {
  const rows = rowsOf(table)
  const first = rows[0]
  if (!first || rows.some((row) => row.children.some((cell) => cell.type === 'element' && cell.tagName === 'th'))) return
  for (const cell of first.children) if (cell.type === 'element' && cell.tagName === 'td') cell.tagName = 'th'
}

/**
 * A heading's own anchor link ("#", "¶", "§" pointing into the page, as documentation sites add)
 * is not part of its words.
 */
function dropSelfAnchors(parent: Parent): void {
  parent.children = (parent.children as Child[]).filter((child) => {
    if (child.type !== 'element') return true
    const href = child.properties['href']
    if (child.tagName === 'a' && typeof href === 'string' && href.startsWith('#') && /^[\s#¶§🔗]*$/u.test(textOf(child))) return false
    dropSelfAnchors(child)
    return true
  })
}

/** Rewrites the tree in place (see the module comment). */
export function normalizeOfficeHtml(tree: Root): void {
  rewrite(tree)
  dropSelfAnchors(tree)
}
