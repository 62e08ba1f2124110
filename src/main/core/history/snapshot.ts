/**
 * Reading one version file of a draft's history (format.ts) and rebuilding its content from the
 * content of its base: every check a file must pass before anything it says is trusted, and the
 * errors that say what was wrong.
 */
import { readFile, stat } from 'node:fs/promises'
import type { VersionContent } from '../../../shared/history'
import { applyDelta, applyDeltaExact } from './delta'
import { SnapshotFile, contentHash } from './format'

/** A file-system operation on the history folder failed: what, where, and the error. */
export class HistoryFsError extends Error {
  override name = 'HistoryFsError'
  constructor(
    readonly action: string,
    readonly path: string,
    cause: unknown,
  ) {
    super(`could not ${action} ${path}`, { cause })
  }
}

/** A version file that is not what Grant Desk wrote, or a version that does not rebuild. */
export class SnapshotDamage extends Error {
  override name = 'SnapshotDamage'
}

/** Version files are a pitch (at most a million characters) as JSON: past this, not one of ours. */
const MAX_FILE_BYTES = 16 * 1024 * 1024

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

export function describeParse(error: unknown): string {
  if (error instanceof SnapshotDamage) return error.message
  if (error instanceof SyntaxError) return 'it is not complete JSON'
  const code = errorCode(error)
  return `it could not be read (${code ?? (error instanceof Error ? error.message : String(error))})`
}

export async function readSnapshot(path: string, id: string): Promise<SnapshotFile> {
  const info = await stat(path)
  if (!info.isFile()) throw new SnapshotDamage('it is not a file')
  if (info.size > MAX_FILE_BYTES) throw new SnapshotDamage('it is too large to be a saved version')
  const parsed = SnapshotFile.safeParse(JSON.parse(await readFile(path, 'utf8')))
  if (!parsed.success) throw new SnapshotDamage(`it is not a version file Grant Desk can read (${parsed.error.issues[0]?.message ?? 'unexpected content'})`)
  if (parsed.data.id !== id) throw new SnapshotDamage(`it says it is version ${parsed.data.id}`)
  return parsed.data
}

/** What a delta file holds of its content. */
export interface DeltaBody {
  base: string
  patch: string
  /** Only when they changed from the base's. */
  fields?: Record<string, string> | undefined
}

/** What a version file holds of its content: a full copy, or a delta. */
export type VersionBody = { base: null; pitch: string; fields: Record<string, string> } | DeltaBody

/**
 * The content a version file stands for, given the content of its base (null for a full copy),
 * NOT checked against its hash: for the versions on the way to the one asked for, which only
 * that one's hash vouches for (see `check`).
 */
export function rebuildUnchecked(file: VersionBody, base: VersionContent | null): VersionContent {
  if (file.base === null) return { pitch: file.pitch, fields: { ...file.fields } }
  if (!base) throw new SnapshotDamage('it builds on an earlier version that is missing or could not be read')
  const pitch = applyDeltaExact(base.pitch, file.patch) ?? applyDelta(base.pitch, file.patch)
  if (pitch === null) throw new SnapshotDamage('its changes do not apply to the version it builds on')
  return { pitch, fields: { ...(file.fields ?? base.fields) } }
}

/** `content`, when it is exactly what was saved as this version (its hash). */
export function check(file: { hash: string }, content: VersionContent): VersionContent {
  if (contentHash(content) !== file.hash) throw new SnapshotDamage('it does not rebuild to the text that was saved')
  return content
}
