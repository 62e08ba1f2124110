/**
 * Review record files as a teammate's copy of the app writes them (the real serializer), for
 * tests and benches that need many: threads on the whole draft, each with its own id.
 */
import { serializeRecord, type ReviewRecord } from '../../src/shared/review'

/** The `n`th thread record (ids sort by `n`), with a body of its own. */
export function threadRecord(n: number, author = 'Ben', start = Date.UTC(2026, 10, 23, 11, 0)): ReviewRecord {
  const at = new Date(start + n * 1_000)
  const hex = (n >>> 0).toString(16).padStart(8, '0').slice(-8)
  return {
    id: `${at.toISOString().replace(/[-:.]/g, '')}-${hex}`,
    kind: 'thread',
    author,
    created_at: at.toISOString(),
    anchor: { target: 'draft' },
    body: `Comment ${n}: the milestone budget needs a line per deliverable, and the team section should name who owns the audit.`,
  }
}

/** The file name and text of the `n`th thread record. */
export function threadRecordFile(n: number, author?: string): { name: string; text: string } {
  const record = threadRecord(n, author)
  return { name: `${record.id}.yaml`, text: serializeRecord(record) }
}
