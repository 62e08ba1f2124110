/**
 * The one line that says what a version of a draft changed from the one before it, by Markdown
 * section ("+3 lines in Budget", "−1 line in Problem, changed Team", "fields: Project name"),
 * so an applicant can find yesterday's budget table in a list of versions without opening each.
 *
 * Shared because the core stores it with each version and the renderer may word a comparison of
 * any two versions the same way. Lines are compared with jsdiff's `diffLines`; blank lines are
 * not counted (adding a paragraph is "+1 line", not "+2"). Pure: no Node or DOM imports.
 */
import { diffLines } from 'diff'
import { sectionKey, sectionOfEachLine } from './sections'
import { plural } from '../text'

export interface VersionContent {
  pitch: string
  fields: Record<string, string>
}

/** Sections named before "and N more": a summary is one line in a list. */
const MAX_SECTIONS = 3
const MAX_FIELDS = 3
/** A line diff of two pitches far apart could take long; past this it is summed up instead. */
const DIFF_TIMEOUT_MS = 250

interface Tally {
  title: string
  added: number
  removed: number
  /** Its heading line was added (and the old text had no section of that name), or removed. */
  appeared: boolean
  vanished: boolean
}

/** "the opening" for the text before the first heading, else the heading as written. */
function sectionName(title: string): string {
  return title === '' ? 'the opening' : title
}

function splitLines(value: string): string[] {
  const lines = value.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

function describe(tally: Tally): string | null {
  const name = sectionName(tally.title)
  if (tally.appeared) return `new section ${name}`
  if (tally.vanished) return `removed section ${name}`
  const { added, removed } = tally
  if (added === 0 && removed === 0) return null
  if (removed === 0) return `+${plural(added, 'line')} in ${name}`
  if (added === 0) return `−${plural(removed, 'line')} in ${name}`
  const net = added - removed
  return net === 0 ? `changed ${name}` : `changed ${name} (${net > 0 ? '+' : '−'}${plural(Math.abs(net), 'line')})`
}

function pitchParts(before: string, after: string): string[] {
  if (before === after) return []
  // A last line that gained a line break (text added after it) is the same line to a reader.
  const changes = diffLines(before, after, { timeout: DIFF_TIMEOUT_MS, ignoreNewlineAtEof: true })
  if (!changes) return ['rewrote most of the pitch']
  const old = sectionOfEachLine(before)
  const now = sectionOfEachLine(after)
  const oldKeys = new Set(old.titles.slice(1).map(sectionKey))
  const newKeys = new Set(now.titles.slice(1).map(sectionKey))
  const tallies = new Map<string, Tally>()
  const tally = (title: string): Tally => {
    const key = sectionKey(title)
    let entry = tallies.get(key)
    if (!entry) tallies.set(key, (entry = { title, added: 0, removed: 0, appeared: false, vanished: false }))
    return entry
  }
  let oldLine = 0
  let newLine = 0
  let blankOnly = false
  for (const change of changes) {
    const lines = splitLines(change.value)
    if (!change.added && !change.removed) {
      oldLine += lines.length
      newLine += lines.length
      continue
    }
    const side = change.added ? now : old
    const first = change.added ? newLine : oldLine
    lines.forEach((text, k) => {
      const line = first + k
      const title = side.titles[side.ofLine[line] ?? 0] ?? ''
      if (text.trim() === '') {
        blankOnly = true
        return
      }
      const entry = tally(title)
      if (side.headingLines.has(line) && title !== '') {
        // A heading added or removed is a section that appeared or went, unless one of that name is on the other side too.
        if (change.added && !oldKeys.has(sectionKey(title))) entry.appeared = true
        if (change.removed && !newKeys.has(sectionKey(title))) entry.vanished = true
      }
      if (change.added) entry.added++
      else entry.removed++
    })
    if (change.added) newLine += lines.length
    else oldLine += lines.length
  }
  const parts = [...tallies.values()].map(describe).filter((part): part is string => part !== null)
  if (parts.length === 0) return blankOnly ? ['changed spacing'] : ['changed line endings']
  if (parts.length <= MAX_SECTIONS) return parts
  const more = parts.length - MAX_SECTIONS
  return [...parts.slice(0, MAX_SECTIONS), `and ${plural(more, 'more section')}`]
}

/** The names (labels where known) of the fields whose values differ; a missing field counts as empty. */
export function changedFields(before: Record<string, string>, after: Record<string, string>, labels: Record<string, string> = {}): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return names.filter((name) => (before[name] ?? '') !== (after[name] ?? '')).map((name) => labels[name]?.trim() || name)
}

/**
 * What `after` changed from `before` (null: there is no earlier version), in one line.
 * `labels` names fields the way the application form does (`project_name` → "Project name").
 */
export function summarizeChange(before: VersionContent | null, after: VersionContent, labels: Record<string, string> = {}): string {
  if (before === null) return 'first version'
  const parts = pitchParts(before.pitch, after.pitch)
  const fields = changedFields(before.fields, after.fields, labels)
  if (fields.length > 0) {
    const named = fields.slice(0, MAX_FIELDS).join(', ')
    parts.push(`fields: ${named}${fields.length > MAX_FIELDS ? ` and ${fields.length - MAX_FIELDS} more` : ''}`)
  }
  return parts.length === 0 ? 'no changes' : parts.join(', ')
}
