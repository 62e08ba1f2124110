/**
 * The labelled parts of one milestone's text: "Deliverables: …", "**Criteria:** …", "| Amount |
 * … |", "Timeline (weeks): …", several to a line, a label with nothing after it taking the list
 * items under it. What each part means for the milestone (an amount, a duration, its criteria)
 * is read in milestones.ts.
 */
import { LIST_MARKER, looseInline } from './text'

/** The part of a milestone a label names. */
export type Field = 'deliverables' | 'criteria' | 'amount' | 'weeks' | 'name'

/** A label and its colon, a short note in brackets allowed between ("Timeline (weeks):"); milestones.ts also cuts a list item's title at the first one. */
export const FIELD_LABEL =
  /(?<![\w-])((?:completion |acceptance |success )?criteria|deliverables?|outputs?|artifacts?|acceptance|definition of done|done when|verification|amount|budget|costs?|payment|price|funding|timeline|duration|time ?frame|time|weeks?|eta|delivery(?: date)?|due(?: date)?|deadline|(?:target|completion|start|end) date|dates?|period|name|title)\s*(?:\([^)\n]{0,20}\)\s*)?:/gi

function fieldOf(label: string): Field {
  const l = label.toLowerCase()
  if (/criteria|acceptance|definition|done when|verification/.test(l)) return 'criteria'
  if (/deliverable|output|artifact/.test(l)) return 'deliverables'
  if (/amount|budget|cost|payment|price|funding/.test(l)) return 'amount'
  if (/name|title/.test(l)) return 'name'
  return 'weeks'
}

/**
 * Labelled parts of a milestone's text ("Deliverables: …", "**Criteria:** …", "| Amount | … |"),
 * several per line allowed; a label with nothing after it takes the list items under it.
 */
export function extractFields(raw: string): { fields: Partial<Record<Field, string>>; free: string } {
  const fields: Partial<Record<Field, string>> = {}
  const free: string[] = []
  let current: Field | null = null
  let currentIndent = 0
  let openEnded = false
  const add = (field: Field, value: string) => {
    fields[field] = fields[field] ? `${fields[field]} ${value}`.trim() : value
  }
  for (const rawLine of raw.split('\n')) {
    const trimmed = rawLine.trim()
    if (trimmed === '' || /^\|?\s*:?-{3,}/.test(trimmed)) continue
    const indent = rawLine.length - rawLine.trimStart().length
    const isItem = LIST_MARKER.test(trimmed)
    let line = looseInline(trimmed.replace(LIST_MARKER, '').replace(/^#{1,6}\s+/, ''))
    if (line.startsWith('|')) {
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim())
      line = cells.length >= 2 ? `${cells[0]}: ${cells.slice(1).join(' ')}` : (cells[0] ?? '')
    }
    const labels = [...line.matchAll(FIELD_LABEL)]
    if (labels.length === 0) {
      if (current && ((openEnded && isItem) || indent > currentIndent)) add(current, line)
      else {
        current = null
        free.push(line)
      }
      continue
    }
    const before = line.slice(0, labels[0]!.index).trim()
    if (before) free.push(before)
    labels.forEach((m, i) => {
      const field = fieldOf(m[1]!)
      const value = line
        .slice((m.index ?? 0) + m[0].length, labels[i + 1]?.index ?? line.length)
        .trim()
        .replace(/[;,]$/, '')
      add(field, value)
      current = field
      openEnded = value === ''
    })
    currentIndent = indent
  }
  return { fields, free: free.join(' ') }
}
