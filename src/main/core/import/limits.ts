/**
 * The import's bounds and the kinds of file it reads, apart from the converters: the CLI and the
 * app's handler check a file against them before mammoth and the HTML parser are even loaded.
 */

/** A document to import is at most this large (a proposal's .docx with its images is far smaller). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024
/** A conversion that takes longer than this is given up. */
export const IMPORT_TIMEOUT_MS = 20_000

export const IMPORT_KINDS = ['docx', 'html', 'md'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

const EXTENSIONS: Record<string, ImportKind> = { docx: 'docx', html: 'html', htm: 'html', md: 'md', markdown: 'md' }

/** The kind a file's name says it is, or null (then it is refused with the kinds that are read). */
export function importKind(fileName: string): ImportKind | null {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase()
  return extension === undefined ? null : (EXTENSIONS[extension] ?? null)
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export const UNKNOWN_KIND = 'Grant Desk imports .docx, .html and .md files; save or export the document as one of them'

export function tooLarge(bytes: number): string {
  return `it is ${megabytes(bytes)}; a document to import is at most ${megabytes(MAX_IMPORT_BYTES)} (images make a .docx large: remove them, they are not imported anyway)`
}
