/**
 * `grant-desk export <draft.md> [--format html] [-o file]`: the review copy of a draft file, for
 * a reviewer outside the team, made from the files alone (the draft and the review records
 * beside it), with no service and no app: the same builder as the app's Export (reached through
 * the core's public API, main/core/index.ts), so both make the same copy. The sponsor is not in
 * the draft file and nothing is fetched here, so the copy leaves it out.
 *
 * Without `-o` the HTML goes to stdout (to pipe or redirect); with it, the file is written
 * atomically (write-file-atomic: a temporary file flushed, then renamed over), so a failed or
 * interrupted export never leaves half a copy where a good one was.
 */
import { stat } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { reviewCopyOfDraft } from '../../main/core/public/export'
import { DraftFileError, parseDraftFile, type DraftFile } from '../../shared/draft-file'
import type { ReviewData } from '../../shared/review'
import { draftIdOf, readDraftReview, readTextFile } from '../files'

export interface ExportIo {
  out: (s: string) => void
  err: (s: string) => void
}

export interface ExportOptions {
  /** Where to write the copy; stdout when absent. */
  output?: string | undefined
  /** The export's time (tests fix it). */
  now?: Date
  timeZone?: string
}

function reason(error: unknown): string {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'no such file or folder'
  return error instanceof Error ? error.message : String(error)
}

/** Exit code: 0 written, 2 when the draft, its review records or the output cannot be read or written. */
export async function runExport(file: string, options: ExportOptions, io: ExportIo): Promise<number> {
  const name = relative(process.cwd(), file) || file
  let text: string
  try {
    if ((await stat(file)).isDirectory()) {
      io.err(`${name} is a folder: grant-desk export takes one draft file.`)
      return 2
    }
    // Regular files only, within the app's size bound (a FIFO or a device is refused at once).
    text = readTextFile(file)
  } catch (error) {
    io.err(`Cannot read ${name}: ${reason(error)}`)
    return 2
  }
  let draft: DraftFile
  try {
    draft = parseDraftFile(text)
  } catch (error) {
    if (!(error instanceof DraftFileError)) throw error
    io.err(`Cannot read ${name} as a draft: ${error.message}`)
    return 2
  }
  let review: ReviewData
  try {
    review = await readDraftReview(file, draft)
  } catch (error) {
    io.err(`Cannot read the review records of ${name}: ${reason(error)}`)
    return 2
  }
  const copy = reviewCopyOfDraft({ folder: dirname(file), id: draftIdOf(file), text, file: draft }, review, {
    exportedAt: options.now ?? new Date(),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  })
  if (options.output === undefined) {
    // `out` ends every write with a newline; the document already ends with one.
    io.out(copy.html.replace(/\n$/, ''))
    return 0
  }
  try {
    await writeFileAtomic(options.output, copy.html, { encoding: 'utf8', mode: 0o644 })
  } catch (error) {
    io.err(`Cannot write ${options.output}: ${reason(error)}`)
    return 2
  }
  io.out(`Wrote ${options.output}: ${copy.note}`)
  return 0
}
