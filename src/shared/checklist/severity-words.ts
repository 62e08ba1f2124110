/**
 * The one set of words a person reads for a finding's severity, in the app (checklist panel,
 * counts, marks in the pitch, submit dialog), the CLI's text output and the review copy. They
 * differed from place to place ("Must fix" on a mark, "to fix / warnings" in the counts,
 * error/warning/info in a terminal), which made a reader wonder whether they were different
 * things. The severities' machine values (`error | warning | info`, in the IPC contract, the
 * CLI's --json and SARIF levels) are an API and stay as they are; only what is shown is worded
 * here.
 *
 * The words say what to do, not how bad it is: "Must fix" blocks a ready verdict, "Improve"
 * would make the pitch stronger, "Note" is for information.
 */
import { count } from '../text'
import type { Severity } from './types'

export interface SeverityWords {
  /** The tag beside one finding, and the label of a mark: "Must fix". */
  tag: string
  /** The heading over a list of them: "To improve". */
  heading: string
  /** The noun after a count of one and of many: "1 note", "3 notes". */
  one: string
  other: string
}

export const SEVERITY_WORDS: Readonly<Record<Severity, SeverityWords>> = {
  error: { tag: 'Must fix', heading: 'Must fix', one: 'must fix', other: 'must fix' },
  warning: { tag: 'Improve', heading: 'To improve', one: 'to improve', other: 'to improve' },
  info: { tag: 'Note', heading: 'Notes', one: 'note', other: 'notes' },
}

/** "Must fix", "Improve", "Note": the tag of one finding. */
export function severityTag(severity: Severity): string {
  return SEVERITY_WORDS[severity].tag
}

/** "2 must fix", "1 to improve", "3 notes". */
export function severityCount(severity: Severity, n: number): string {
  const words = SEVERITY_WORDS[severity]
  return `${count(n)} ${n === 1 ? words.one : words.other}`
}

export interface SeverityCounts {
  errors: number
  warnings: number
  infos?: number
}

/**
 * "2 must fix, 5 to improve": the counts that are not zero, most pressing first (notes only when
 * asked for, since they need nothing done). `zeros` keeps a zero error and warning count, for a
 * total that should say "0 must fix" outright; with nothing to list it says "nothing to fix".
 */
export function severityCounts(counts: SeverityCounts, options: { zeros?: boolean; notes?: boolean } = {}): string {
  const parts: string[] = []
  if (counts.errors > 0 || options.zeros) parts.push(severityCount('error', counts.errors))
  if (counts.warnings > 0 || options.zeros) parts.push(severityCount('warning', counts.warnings))
  if (options.notes && (counts.infos ?? 0) > 0) parts.push(severityCount('info', counts.infos ?? 0))
  return parts.length > 0 ? parts.join(', ') : 'nothing to fix'
}
