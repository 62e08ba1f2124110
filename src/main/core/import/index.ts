/**
 * A proposal written elsewhere (a .docx from Word or Google Docs, an .html export, another tool's
 * .md) as the Markdown of a new draft's pitch. The same HTML-to-Markdown path as the editor's
 * paste (shared/markdown/from-html.ts); mammoth turns a .docx into HTML first.
 *
 * Bounded input, as the lint CLI reads files: at most MAX_IMPORT_BYTES, a .docx's zip archive
 * checked before it is opened (zip-bounds.ts), a conversion that takes longer than its timeout
 * refused, and a file that is not what its name says (a .docx that is not a zip, an .html or .md
 * that is binary) refused with a clear reason. Nothing here imports `electron`: the app's
 * handler, the browser host and the CLI all call it.
 *
 * Nothing of the document is dropped without saying so: images are not embedded (a draft is
 * text, and the app loads no image) and each leaves a "[Image]" mark where it was, with a note to
 * upload it and link it; a .md file's front matter from another tool is kept at the end of the
 * pitch in a yaml block, with a note.
 */
import mammoth from 'mammoth'
import { htmlToMarkdown } from '../../../shared/markdown'
import { splitFrontMatter } from '../../../shared/draft-file'
import { ImportError } from './errors'
import { IMPORT_TIMEOUT_MS, MAX_IMPORT_BYTES, UNKNOWN_KIND, importKind, tooLarge } from './limits'
import { checkDocxArchive } from './zip-bounds'

export { ImportError } from './errors'
export { MAX_EXPANDED_BYTES, MAX_ZIP_ENTRIES } from './zip-bounds'
export * from './limits'

export interface ImportedDocument {
  markdown: string
  /** What the user should know about what did not come in as it was (images, front matter). */
  notes: string[]
}

/** The file's text, or an ImportError when it is binary (a NUL byte, or bytes that are not UTF-8). */
function textOf(bytes: Uint8Array, kind: 'html' | 'md'): string {
  const name = kind === 'html' ? 'an HTML file' : 'a Markdown file'
  const looksZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4
  if (looksZip) throw new ImportError(`it is not ${name} but a zip archive (a .docx?): if it is a Word document, rename it to .docx`)
  if (bytes.includes(0)) throw new ImportError(`it is not ${name}: it holds binary data. Export the document as ${kind === 'html' ? 'HTML' : 'Markdown'} again`)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return text.startsWith('\uFEFF') ? text.slice(1) : text
  } catch {
    throw new ImportError(`it is not ${name} in UTF-8: it holds bytes that are not text. Save or export it as UTF-8 ${kind === 'html' ? 'HTML' : 'Markdown'}`)
  }
}

function imageNote(count: number): string | null {
  if (count === 0) return null
  const images = count === 1 ? '1 image was' : `${count} images were`
  return `${images} not brought in (a draft is text): each is marked [Image] where it was. Upload them somewhere (your project's site or repository) and link them.`
}

async function fromDocx(bytes: Uint8Array): Promise<ImportedDocument> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  checkDocxArchive(buffer)
  let images = 0
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer },
      {
        // The image's bytes are never read: only counted (mammoth keeps its description as the alt text).
        convertImage: mammoth.images.imgElement(() => {
          images++
          return Promise.resolve({ src: '' })
        }),
      },
    )
    html = result.value
  } catch (error) {
    throw new ImportError(
      `Word's document inside it could not be read (${error instanceof Error ? error.message : String(error)}). Save it again from Word or Google Docs as .docx`,
    )
  }
  const note = imageNote(images)
  return { markdown: htmlToMarkdown(html), notes: note ? [note] : [] }
}

function fromHtml(bytes: Uint8Array): ImportedDocument {
  const html = textOf(bytes, 'html')
  const images = (html.match(/<img\b/gi) ?? []).length
  const note = imageNote(images)
  return { markdown: htmlToMarkdown(html), notes: note ? [note] : [] }
}

function fromMarkdown(bytes: Uint8Array): ImportedDocument {
  const text = textOf(bytes, 'md')
  const split = splitFrontMatter(text)
  if (split === null || split === 'unclosed' || split.yamlText.trim() === '') return { markdown: text.trim(), notes: [] }
  const fence = split.yamlText.includes('```') ? '~~~~' : '```'
  const aside = `## Front matter of the imported file\n\n${fence}yaml\n${split.yamlText.replace(/\n?$/, '\n')}${fence}`
  return {
    markdown: `${split.body.trim()}\n\n${aside}`,
    notes: [
      'The file’s front matter (the YAML another tool wrote at its top) is kept at the end of the pitch, under “Front matter of the imported file”: keep what you need and delete that section before you submit.',
    ],
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImportError(`it took longer than ${Math.round(ms / 1000)} s to convert, so it was given up`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The document's Markdown; an ImportError says why a file cannot be imported (its message reads
 * after "<file name> was not imported: ").
 */
export async function importDocument(bytes: Uint8Array, fileName: string, options: { timeoutMs?: number } = {}): Promise<ImportedDocument> {
  const kind = importKind(fileName)
  if (kind === null) throw new ImportError(UNKNOWN_KIND)
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ImportError(tooLarge(bytes.byteLength))
  const work = kind === 'docx' ? fromDocx(bytes) : Promise.resolve().then(() => (kind === 'html' ? fromHtml(bytes) : fromMarkdown(bytes)))
  const imported = await withTimeout(work, options.timeoutMs ?? IMPORT_TIMEOUT_MS)
  if (imported.markdown.trim() === '') throw new ImportError('it holds no text to make a draft of')
  return imported
}
