/**
 * Writing a draft file: the text of a new draft, the checks every write passes before a byte
 * is written (a file Grant Desk could not read back, or one larger than it reads, is never
 * written), the refusal to write through a link, and the atomic write itself.
 */
import { lstat } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import type { GrantDetail, GrantType } from '../../../shared/api'
import {
  DRAFT_FORMAT,
  DraftFileError,
  parseDraftFile,
  serializeDraftFile,
  upgradedFrontMatter,
  type DraftFile,
  type DraftFrontMatter,
  type ProjectKind,
} from '../../../shared/draft-file'
import { AppFailure } from '../errors'
import { checkPitch } from './failures'
import { draftVersion, formatSize, storageFailure } from './fs'
import { linkReason, MAX_SAVED_DRAFT_BYTES } from './inspect'
import { legacyRecords, rewriteRecord } from './review-files'

export interface NewDraftArgs {
  grant: GrantDetail
  grantType: GrantType | null
  pitch?: string
  customFields?: Record<string, string>
  projectKind?: ProjectKind
}

/** The file of a new draft of `grant` (prefilled from its template unless a pitch is given), checked as every write is. */
export function newDraftText(args: NewDraftArgs, now: () => Date): { text: string; file: DraftFile; version: string } {
  const { grant } = args
  const pitch = args.pitch ?? grant.template_md
  checkPitch(pitch)
  const stamp = now().toISOString()
  const frontMatter: DraftFrontMatter = {
    format: DRAFT_FORMAT,
    grant: {
      id: grant.id,
      title: grant.title,
      reward: grant.reward,
      deadline: grant.deadline,
      apply_endpoint: grant._apply_endpoint,
      application_schema: grant.application_schema,
      ...(args.grantType ? { type: args.grantType } : {}),
    },
    custom_fields: { ...(args.customFields ?? {}) },
    ...(args.projectKind ? { project_kind: args.projectKind } : {}),
    status: 'draft',
    application_id: null,
    created_at: stamp,
    updated_at: stamp,
  }
  const text = serializeDraftFile(frontMatter, pitch)
  checkSize(text, MAX_SAVED_DRAFT_BYTES)
  let file: DraftFile
  try {
    file = parseDraftFile(text)
  } catch (error) {
    if (!(error instanceof DraftFileError)) throw error
    throw new AppFailure('invalid_input', `This grant's details cannot be kept in a draft file: ${error.message}.`, { fields: { grant: error.message } })
  }
  return { text, file, version: draftVersion(text) }
}

/**
 * Writes a draft that exists over its file: `frontMatter` and `pitch` as given, after checking
 * that the result reads back as exactly this and is not too large, and that the file is not a
 * link. Answers what was written.
 */
export async function rewriteDraftFile(
  path: string,
  id: string,
  frontMatter: DraftFrontMatter,
  pitch: string,
  action: string,
  maxBytes: number,
): Promise<{ text: string; file: DraftFile; version: string }> {
  const text = serializeDraftFile(frontMatter, pitch)
  // A file larger than Grant Desk reads would be listed as damaged: it is never written.
  checkSize(text, maxBytes)
  let file: DraftFile
  try {
    file = parseDraftFile(text)
  } catch (error) {
    // A file we would not be able to read back is never written.
    throw new AppFailure(
      'storage_error',
      `Grant Desk could not write this draft in a form it can read back (${error instanceof Error ? error.message : String(error)}); the file on disk was left as it was.`,
      {},
      { cause: error },
    )
  }
  if (file.pitch !== pitch) {
    throw new AppFailure('storage_error', 'Grant Desk could not write this pitch in a form it reads back unchanged; the file on disk was left as it was.')
  }
  // Re-checked just before the write: write-file-atomic writes through a link to its target.
  try {
    if ((await lstat(path)).isSymbolicLink()) throw new AppFailure('storage_error', linkReason(`${id}.md`))
  } catch (error) {
    if (error instanceof AppFailure) throw error
    throw storageFailure(action, path, error)
  }
  await writeDraftText(path, text, action)
  return { text, file, version: draftVersion(text) }
}

export async function writeDraftText(path: string, text: string, action: string): Promise<void> {
  try {
    await writeFileAtomic(path, text, { encoding: 'utf8' })
  } catch (error) {
    throw storageFailure(action, path, error)
  }
}

/**
 * The front matter this version writes for a file it read: a version 1 file's readable
 * reviews are first written as record files (named after their content, so a crash between
 * the two writes only means they are written again), then left out of the draft.
 * `recordsWritten` is told when record files were written.
 */
export async function upgradedForWrite(folder: string, id: string, file: DraftFile, recordsWritten: () => Promise<void>): Promise<DraftFrontMatter> {
  for (const record of legacyRecords(file.legacyReviews)) await rewriteRecord(folder, id, record)
  if (file.legacyReviews.length > 0) await recordsWritten()
  return upgradedFrontMatter(file)
}

/** Refuses to write a draft file larger than `maxBytes` (the applicant can shorten it and save again). */
export function checkSize(text: string, maxBytes: number): void {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes <= maxBytes) return
  throw new AppFailure(
    'invalid_input',
    `This draft is too large to save (${formatSize(bytes)}; a draft file can be at most ${formatSize(maxBytes)}), so nothing was written. Shorten the pitch or the application fields, then save again.`,
    { fields: { draft: `is ${formatSize(bytes)}; a draft file can be at most ${formatSize(maxBytes)}` } },
  )
}
