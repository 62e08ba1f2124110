/**
 * Draft files on disk for the CLI: which files a command's targets name, and the review records
 * beside each draft. Shared by `lint` and `review`, so both look at the same drafts and read
 * the same records the app does (`<draft-id>.reviews/` next to `<draft-id>.md`).
 */
import { readdir, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { readDraftReview as readReview, type ReadReviewOptions } from '../main/core'
import type { DraftFile } from '../shared/draft-file'
import type { ReviewData } from '../shared/review/view'

/** Adds the target, or every `.md` file under it (hidden folders and node_modules skipped), sorted. */
export async function collect(target: string, out: string[]): Promise<void> {
  const info = await stat(target)
  if (!info.isDirectory()) {
    out.push(target)
    return
  }
  const entries = await readdir(target, { withFileTypes: true })
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(target, entry.name)
    if (entry.isDirectory()) await collect(path, out)
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) out.push(path)
  }
}

/** The draft's id as the app names its record folder: the file name without `.md`. */
export function draftIdOf(file: string): string {
  return basename(file).replace(/\.md$/i, '')
}

/** The draft's review, from its record folder and (version 1) its own `reviews:` list. */
export async function readDraftReview(file: string, draft: DraftFile, options: ReadReviewOptions = {}): Promise<ReviewData> {
  return readReview({ folder: dirname(file), id: draftIdOf(file), file: draft }, options)
}
