/** Guidance: "Checklist before submitting: no blank fields." Applied to the pitch's sections. */
import type { RootContent, Table } from 'mdast'
import { textBlocks } from '../line-blocks'
import { memoized } from '../memo'
import { plainText } from '../parse'
import { nodePosition, sectionPosition } from '../topics'
import { conflictMarkerLine } from '../../text'
import type { Position, Rule, RuleContext, RuleFinding } from '../types'
import { byTableText, movePosition } from './plan/table-memo'

/** A node that shows nothing to a reader: a comment, or a table whose cells are all empty. */
function isEmptyNode(node: RootContent): boolean {
  if (node.type === 'html') return /^\s*<!--[\s\S]*-->\s*$/.test(node.value)
  if (node.type === 'table') return node.children.slice(1).every((row) => row.children.every((cell) => plainText(cell).trim() === ''))
  if (node.type === 'thematicBreak') return true
  return false
}

/** A heading that carries its own answer ("Payout: $10,000 USD", "Duration: 4 weeks"): a label, not a section to fill. */
const LABEL_HEADING = /^[^:]{1,40}:\s*\S/
/** A catch-all section the applicant may leave out: "Additional information", "Other", "Notes", "Appendix", "Anything else". */
const SUPPLEMENTARY =
  /^\W*(?:\d+[.)]?\s*)?(?:additional|other|further|extra|optional|misc\w*|appendix|appendices|notes?|comments?|references?|anything else|faq)\b/i
/** A heading written as a sentence ("Please refer to the roadmap of … ."): it is the text, not a title over one. */
const PROSE_HEADING = /^(?:\S+\s+){7,}\S*[.!]\s*$/

export const blankSection: Rule = {
  id: 'blank-section',
  title: 'No blank sections',
  severity: 'error',
  description:
    'Every heading has content under it. A heading with only the template’s hint comment or an empty table, or with nothing after it at all, is a blank answer (“Must fix”); a heading directly followed by another one often titles what follows, and an empty catch-all section (“Additional information”, “Notes”) answers no question (“Note”). A heading that states its own value (“Payout: $10,000”) is not blank.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    for (const [index, section] of doc.sections.entries()) {
      if (!section.heading) continue
      // A heading whose content is all in its subsections is judged by those subsections.
      const hasSubsections = section.nodes.some((node) => node.type === 'heading')
      if (!section.ownNodes.every(isEmptyNode) || hasSubsections) continue
      // An empty heading is a separator or decoration; a label with its value answers itself.
      if (section.title.trim() === '' || LABEL_HEADING.test(section.title) || PROSE_HEADING.test(section.title)) continue
      const leftFromTemplate = section.ownNodes.some((node) => node.type === 'html' || node.type === 'table')
      // Only the template's own hint or empty table left under a heading, or a heading with
      // nothing after it at all, is a blank answer a reviewer rejects on sight. Stacked headings
      // ("### M1" over "### Storage") often title what follows: worth a look, not a block.
      const stacked = index + 1 < doc.sections.length
      // An empty catch-all ("Additional information") answers no question of the grant: a note to tidy up.
      const optional = SUPPLEMENTARY.test(section.title) && !leftFromTemplate
      findings.push({
        ...sectionPosition(section),
        severity: (stacked && !leftFromTemplate) || optional ? 'info' : 'error',
        message: `The section “${section.title}” is empty.`,
        hint: 'Write this section, or remove the heading if the grant does not ask for it. The hint comment under it says what reviewers look for.',
      })
    }
    return findings
  },
}

/**
 * Text that templates use for "write here": [Your project name], <your_repo>, lorem ipsum, and
 * the markers TODO/FIXME/XXX written in capitals. A bracket that is a link's label
 * ("[Insert guide](…)", a table of contents' "[Additional Information](#…)") or sits in a code
 * span (`backup [address]`) is text, and so is "a todo list".
 */
const PLACEHOLDER =
  /\[(?:your|insert|add|describe|enter|name of|project name)\b[^[\]\n]*\](?![([])|<(?:your|insert|project[ _]name)(?![a-z])[^<>\n]*>|\b(?:TODO|FIXME|XXX)\b|\blorem ipsum\b/gi
/**
 * What a line needs for PLACEHOLDER to find a placeholder that counts in it: a bracketed prompt's
 * or lorem ipsum's words, or a marker in capitals (one in other case is matched, then skipped:
 * MARKER). A base64 line holds "[" and "<", and "xxx" in some case often enough, but rarely "XXX".
 */
const PLACEHOLDER_WORDS = /\[(?:your|insert|add|describe|enter|name of|project name)|<(?:your|insert|project[ _]name)|lorem ipsum/i
const MARKER_WORDS = /TODO|FIXME|XXX/
/** Written in capitals only: "todo" and "xxx" in prose are words. */
const MARKER = /^(?:TODO|FIXME|XXX)$/i
/** "TBD" as a whole answer (a line, a list item, a table cell or a label's value): the question is left open. */
const OPEN_ANSWER = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*[^*]+\*\*:?\s*|[^:|]{1,40}:\s*)?(?:TBD|TBA|to be (?:decided|determined|announced))\.?\s*$/i
const CODE_SPAN = /`[^`\n]*`/g
/** What OPEN_ANSWER cannot match without. */
const MAY_BE_OPEN = /TB[DA]|to be /i
/**
 * What a line cannot hold a placeholder or an open answer without: a bracket (PLACEHOLDER's
 * "[" and "<"), a marker, lorem ipsum, or MAY_BE_OPEN's words. Blanking code spans only turns
 * characters into spaces, so a line failing this test holds neither before or after.
 */
const MAY_HOLD_PLACEHOLDER = /[[<]|todo|fixme|xxx|lorem ipsum|TB[DA]|to be /i
const NO_PLACEHOLDERS: readonly LinePlaceholder[] = Object.freeze([])

interface LinePlaceholder {
  column: number
  endColumn: number
  text: string
  /** An answer left as “TBD” (a warning), not a template's placeholder. */
  open: boolean
}

/** The placeholders of one line outside code: a pure function of the line (kept per line by a lint session: memo.ts). */
function placeholdersIn(text: string): readonly LinePlaceholder[] {
  // Most lines hold nothing either pattern needs: no cut of code spans, no scan, no array.
  if (!MAY_HOLD_PLACEHOLDER.test(text)) return NO_PLACEHOLDERS
  const found: LinePlaceholder[] = []
  const line = text.includes('`') ? text.replace(CODE_SPAN, (span) => ' '.repeat(span.length)) : text
  // PLACEHOLDER's `\b` alternatives make the engine try every character; a line holding none
  // of its words (a pasted image's base64 holds "[" and "<") is not scanned with it.
  for (const match of PLACEHOLDER_WORDS.test(line) || MARKER_WORDS.test(line) ? line.matchAll(PLACEHOLDER) : []) {
    if (MARKER.test(match[0]) && match[0] !== match[0].toUpperCase()) continue
    const column = (match.index ?? 0) + 1
    found.push({ column, endColumn: column + match[0].length, text: match[0], open: false })
  }
  // Only a line that says "TBD", "TBA" or "to be …" somewhere can hold an open answer: most
  // lines do not, and are not cut into cells for nothing.
  const cells = MAY_BE_OPEN.test(line) ? (line.includes('|') ? line.split('|') : [line]) : []
  const open = cells.findIndex((cell) => OPEN_ANSWER.test(cell))
  if (open !== -1) {
    const column = cells.slice(0, open).reduce((n, cell) => n + cell.length + 1, 1)
    found.push({ column, endColumn: column + cells[open]!.length, text: cells[open]!, open: true })
  }
  return Object.freeze(found)
}

interface BlockPlaceholders {
  /** The placeholders of the block's lines outside fences and comments, by line index in the block. */
  readonly found: ReadonlyArray<{ index: number; found: LinePlaceholder }>
  /** Whether a fence is open after the block. */
  readonly fence: boolean
  /** The line breaks in the block: the next block starts that many lines further down. */
  readonly breaks: number
}

/** The placeholders of a block's lines, a fence being open at its start or not: a pure function of both. */
function placeholdersOfBlock(text: string, fence: boolean): BlockPlaceholders {
  const lines = text.split(/\r\n|\n|\r/)
  const found: Array<{ index: number; found: LinePlaceholder }> = []
  // A block ends after a line break: its last element is the empty start of the next block's
  // first line, which opens no fence and holds no placeholder.
  lines.forEach((line, index) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fence = !fence
    if (fence || /^\s*<!--/.test(line)) return
    for (const one of placeholdersIn(line)) found.push({ index, found: one })
  })
  return Object.freeze({ found: Object.freeze(found), fence, breaks: lines.length - 1 })
}

/** Where a table's empty rows after its last filled one are (see templatePlaceholder). */
function emptyTemplateRows(node: Table, lines: readonly string[]): readonly Position[] {
  const rows = node.children.slice(1)
  const isEmpty = (row: (typeof rows)[number]) => row.children.every((cell) => plainText(cell).trim() === '')
  const lastFilled = rows.findLastIndex((row) => !isEmpty(row))
  if (lastFilled === -1) return [] // an all-empty table is a blank section's business
  const width = node.children[0]?.children.length ?? 0
  const found: Position[] = []
  for (const row of rows.slice(lastFilled + 1)) {
    const source = lines[(row.position?.start.line ?? 1) - 1] ?? ''
    if (
      (source
        .trim()
        .replace(/^\||\|$/g, '')
        .match(/\|/g)?.length ?? 0) +
        1 <
      width
    )
      continue
    found.push(Object.freeze(nodePosition(row)))
  }
  return Object.freeze(found)
}

const moveRows = (rows: readonly Position[], lines: number): readonly Position[] => (lines === 0 ? rows : rows.map((p) => movePosition(p, lines)))

export const templatePlaceholder: Rule = {
  id: 'template-placeholder',
  title: 'Template placeholders replaced',
  severity: 'error',
  description:
    'No placeholder text of the template is left: bracketed prompts like “[Your project name]”, TODO/FIXME/XXX markers and lorem ipsum (“Must fix”); an answer that is only “TBD” and an empty row at the end of a filled table (“Improve”). Link labels, code spans and “TBD” in running prose are not placeholders.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    // Block by block (line-blocks.ts), each block's reading kept by its text and whether a fence
    // is open where it starts: a keystroke reads the lines of its own block again, not the pitch's.
    let fence = false
    let line = 0
    for (const block of textBlocks(doc, doc.source)) {
      const fenced = fence
      const read: BlockPlaceholders = memoized(doc, fenced ? 'template-placeholder-fenced' : 'template-placeholder', block.text, (text) =>
        placeholdersOfBlock(text, fenced),
      )
      for (const { index, found } of read.found) {
        findings.push({
          line: line + index + 1,
          column: found.column,
          endLine: line + index + 1,
          endColumn: found.endColumn,
          ...(found.open ? { severity: 'warning' as const } : {}),
          message: found.open ? 'An answer is left as “TBD”.' : `Placeholder text “${found.text}” is still in the pitch.`,
          hint: found.open ? 'Give the answer, or say what it depends on and when it will be known.' : 'Replace it with your own text before submitting.',
        })
      }
      fence = read.fence
      line += read.breaks
    }
    // Rows of a template table left empty at the end while the rows above are filled in. An
    // empty row between filled ones is a spacer, and a row with fewer cells than the header is
    // a line the table's text wrapped onto, not the template's.
    for (const node of doc.root.children) {
      if (node.type !== 'table') continue
      // Kept by the table's text in a session (table-memo.ts): its body rows' lines are all in it.
      for (const position of byTableText(doc, 'empty-template-rows', node, () => emptyTemplateRows(node, doc.lines), moveRows)) {
        findings.push({
          ...position,
          severity: 'warning',
          message: 'An empty row of the template’s table is left in.',
          hint: 'Fill the row in or delete it.',
        })
      }
    }
    return findings
  },
}

export const mergeConflict: Rule = {
  id: 'merge-conflict',
  title: 'No git merge-conflict markers',
  severity: 'error',
  description:
    'The pitch holds no block of <<<<<<< / ======= / >>>>>>> lines that git leaves when two people changed the same draft; reviewers would read both versions and the markers.',
  check({ doc }: RuleContext): RuleFinding[] {
    // Most pitches hold no marker at all: they are not joined and scanned line by line for one.
    if (!doc.source.includes('<<<<<<<')) return []
    const line = conflictMarkerLine(doc.lines.join('\n'))
    if (line === null) return []
    const end = doc.lines.findIndex((text, index) => index >= line && /^>{7}(?:[ \t].*)?\r?$/.test(text))
    const endLine = end === -1 ? line : end + 1
    return [
      {
        line,
        column: 1,
        endLine,
        endColumn: (doc.lines[endLine - 1]?.length ?? 0) + 1,
        message: `Git merge-conflict markers from line ${line} to ${endLine}: two versions of this part are in the pitch.`,
        hint: 'Keep the version you want (or combine them), then delete the <<<<<<<, ======= and >>>>>>> lines.',
      },
    ]
  },
}
