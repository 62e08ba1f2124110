/**
 * Reading one version file of a draft's history (format.ts) and rebuilding its content from the
 * content of its base: every check a file must pass before anything it says is trusted, and the
 * errors that say what was wrong.
 */
import { readFile, stat } from 'node:fs/promises'
import type { VersionContent } from '../../../shared/history/summary'
import { applyDelta } from './delta'
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

/** The full content of a version file, given the content of its base (null for a full copy). */
export function rebuild(file: SnapshotFile, base: VersionContent | null): VersionContent {
  let content: VersionContent
  if (file.base === null) {
    content = { pitch: file.pitch, fields: { ...file.fields } }
  } else {
    if (!base) throw new SnapshotDamage('it builds on an earlier version that is missing or could not be read')
    const pitch = applyDelta(base.pitch, file.patch)
    if (pitch === null) throw new SnapshotDamage('its changes do not apply to the version it builds on')
    content = { pitch, fields: { ...(file.fields ?? base.fields) } }
  }
  if (contentHash(content) !== file.hash) throw new SnapshotDamage('it does not rebuild to the text that was saved')
  return content
}
