/**
 * What a verdict's signature covers: a canonical serialization of the verdict without its
 * signature, and of the draft it is about. JSON of a fixed array, so it does not depend on how
 * a YAML library writes the record, and no key order or spacing can change it.
 *
 * It names the draft's id (the record folder it sits in), so a signed approval copied into
 * another draft's folder, even one with the same text, does not verify there; its own record
 * id, which must match its file name, so a signed record copied under another name does not
 * either; and the chain (`supersedes`), so it cannot be moved in its reviewer's order. The
 * reviewed text is covered through its hash, which the core recomputes from the text.
 */
import type { VerdictRecord } from './records'

export const VERDICT_SIGNATURE_FORMAT = 'grant-desk-verdict/1'

export function verdictSigningPayload(
  draftId: string,
  record: Pick<VerdictRecord, 'id' | 'author' | 'created_at' | 'verdict' | 'note' | 'supersedes' | 'reviewed'>,
): string {
  return JSON.stringify([
    VERDICT_SIGNATURE_FORMAT,
    draftId,
    record.id,
    record.author,
    record.created_at,
    record.verdict,
    record.note,
    [...(record.supersedes ?? [])].sort(),
    record.reviewed.hash,
  ])
}
