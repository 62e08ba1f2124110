/**
 * Where a pitch's text can be cut into parts that parse on their own to the nodes they have in
 * the whole text (parse.ts parses each part separately): top-level ATX headings and, for the
 * block-by-block parse, the starts of blocks after blank lines.
 */
/**
 * Where top-level parts start: line indexes of ATX headings at column 1 that no code fence or
 * HTML block contains. A fence or HTML-block opener at column 1, outside any open fence or HTML
 * block, is certainly a top-level block, and its end is known exactly. Anything less certain
 * (an indented opener, which may belong to a list item; an opener inside an HTML block, which
 * may be HTML content) ends the splitting: the rest is parsed in one piece, which is always right.
 *
 * `blocks` (for the incremental session, which re-parses only the parts a keystroke changed, and
 * for parse.ts's `readBlocks`, which reads the plainest blocks off their lines): a line at
 * column 1 after a blank line starts a part too. After a blank line CommonMark has
 * closed every open block that such a line can belong to (a paragraph, a table, a block quote,
 * indented code, an HTML block of types 6 and 7, and a list item, whose content would need
 * indenting), except a list that a new item marker continues: so no part starts at a marker.
 * Fences and HTML blocks of types 1–5 span blank lines and are followed as above.
 */
export function splitPoints(lines: readonly string[], { blocks = false }: { blocks?: boolean } = {}): number[] {
  const points: number[] = []
  let fence: { char: string; length: number } | null = null
  let htmlEnd: RegExp | null = null
  let afterBlank = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = null
      continue // the contents of a top-level fence are literal
    }
    const opener = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(line)
    const isFence = opener !== null && !(opener[2]![0] === '`' && opener[3]!.includes('`'))
    const html = /^( {0,3})<(?:!--|\?|![A-Za-z]|!\[CDATA\[|\/?[A-Za-z])/i.exec(line)
    if (htmlEnd) {
      if (isFence || html) return points
      if (htmlEnd.test(line)) {
        htmlEnd = null
        afterBlank = BLANK.test(line)
      }
      continue
    }
    if (isFence) {
      if (opener[1] !== '') return points
      fence = { char: opener[2]![0]!, length: opener[2]!.length }
      continue
    }
    if (html) {
      if (html[1] !== '') return points
      const end = htmlBlockEnd(line)
      if (end) {
        if (!end.test(line.slice(1))) htmlEnd = end
      } else {
        // Other HTML blocks (CommonMark types 6 and 7) run to the next blank line. A type 7
        // line inside a paragraph is no block at all; suppressing splits until the blank line
        // that ends the paragraph is then merely cautious.
        htmlEnd = /^[ \t]*$/
      }
      continue
    }
    if (i > 0 && /^#{1,6}(?:[ \t]|$)/.test(line)) points.push(i)
    else if (blocks && afterBlank && /^\S/.test(line) && !LIST_ITEM.test(line)) points.push(i)
    afterBlank = BLANK.test(line)
  }
  return points
}

const BLANK = /^[ \t]*$/
/** A list item's marker: after a blank line it may continue the list above, so no part starts there. */
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/

/** The end condition of the HTML blocks that may contain blank lines and headings (CommonMark types 1–5). */
function htmlBlockEnd(line: string): RegExp | null {
  const m = /^ {0,3}<(!--|\?|![A-Za-z]|!\[CDATA\[|(?:script|pre|style|textarea)(?=[\s>]|$))/i.exec(line)
  if (!m) return null
  const start = m[1]!.toLowerCase()
  if (start === '!--') return /-->/
  if (start === '?') return /\?>/
  if (start === '![cdata[') return /\]\]>/
  if (start.startsWith('!')) return />/
  return new RegExp(`</${start}>`, 'i')
}
