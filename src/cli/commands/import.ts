/**
 * `grant-desk import <file.docx|file.html|file.md> [--grant <draft.md>] [-o out.md]`: a proposal
 * written elsewhere as Markdown, through the app's own import (main/core/import, loaded only for
 * this command). It prints the Markdown, or with `--grant` a whole draft file whose front matter
 * is a new draft of that draft's grant (its form, reward and deadline as that draft has them).
 * `-o` writes it to a new file (never over an existing one: a draft is never lost).
 *
 * The file is read within the import's bounds: a regular file only, its size checked before it
 * is read (a 50 MB file is refused unread), a .docx's zip archive checked before it is opened.
 * What did not come in as it was (images, a front matter) is said on stderr.
 */
import { realpath, stat } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import { MAX_IMPORT_BYTES, NOT_A_FILE, UNKNOWN_KIND, importKind, loadImporter, readRegularFile, tooLarge } from '../../main/core/public/import'
import { DRAFT_FORMAT, DraftFileError, parseDraftFile, serializeDraftFile, type DraftFrontMatter } from '../../shared/draft-file'
import { readTextFile } from '../files'
import { displayName, escapedIo, readReason, type Io } from '../output'

export interface ImportOptions {
  grant?: string | undefined
  output?: string | undefined
  /** The new draft's time (tests fix it). */
  now?: Date
}

/** The file's bytes; its size is checked before it is read, so a huge file is refused unread. */
async function readBounded(file: string): Promise<Uint8Array> {
  const info = await stat(file)
  if (!info.isFile()) throw new Error('it is not a regular file')
  if (info.size > MAX_IMPORT_BYTES) throw new Error(`${tooLarge(info.size)}, so it was not read`)
  try {
    const { bytes, size } = await readRegularFile(await realpath(file), { maxBytes: MAX_IMPORT_BYTES, sniffBytes: 0 })
    if (size > MAX_IMPORT_BYTES) throw new Error(`${tooLarge(size)}, so it was not read`)
    return bytes
  } catch (error) {
    if (error === NOT_A_FILE) throw new Error('it is not a regular file')
    throw error
  }
}

/** A new draft's front matter for the grant of the draft file at `path`. */
function draftFrontMatter(path: string, now: Date): DraftFrontMatter {
  const draft = parseDraftFile(readTextFile(path))
  const at = now.toISOString()
  return { format: DRAFT_FORMAT, grant: draft.frontMatter.grant, custom_fields: {}, status: 'draft', application_id: null, created_at: at, updated_at: at }
}

/** Exit code: 0 imported, 2 when the file cannot be imported or the output cannot be written. */
export async function runImport(file: string, options: ImportOptions, plainIo: Io): Promise<number> {
  const io = escapedIo(plainIo)
  const name = displayName(file)
  if (importKind(file) === null) {
    io.err(`${name} was not imported: ${UNKNOWN_KIND}.`)
    return 2
  }
  let frontMatter: DraftFrontMatter | null = null
  if (options.grant !== undefined) {
    try {
      frontMatter = draftFrontMatter(options.grant, options.now ?? new Date())
    } catch (error) {
      const why = error instanceof DraftFileError ? `it is not a draft file (${error.message})` : readReason(error)
      io.err(`--grant ${displayName(options.grant)} cannot be read: ${why}. Name a draft of the grant the new draft is for.`)
      return 2
    }
  }
  if (options.output !== undefined) {
    const exists = await stat(options.output).then(
      () => true,
      () => false,
    )
    if (exists) {
      io.err(`${displayName(options.output)} already exists; grant-desk import writes a new file only. Choose another name with -o.`)
      return 2
    }
  }
  let imported
  try {
    const bytes = await readBounded(file)
    // Loaded once the file is known to be within bounds: a refusal does not wait for mammoth.
    const { importDocument } = await loadImporter()
    imported = await importDocument(bytes, file)
  } catch (error) {
    const why = error instanceof Error && error.name === 'ImportError' ? error.message : readReason(error)
    io.err(`${name} was not imported: ${why}.`)
    return 2
  }
  const markdown = `${imported.markdown}\n`
  const text = frontMatter ? serializeDraftFile(frontMatter, markdown) : markdown
  for (const note of imported.notes) io.err(`Note: ${note}`)
  if (options.output === undefined) {
    plainIo.out(text.replace(/\n$/, ''))
    return 0
  }
  try {
    await writeFileAtomic(options.output, text, { encoding: 'utf8', mode: 0o644 })
  } catch (error) {
    io.err(`Cannot write ${displayName(options.output)}: ${readReason(error)}`)
    return 2
  }
  io.err(`Wrote ${displayName(options.output)}${frontMatter ? ` (a new draft for ${frontMatter.grant.title})` : ''}.`)
  return 0
}
