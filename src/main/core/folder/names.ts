/**
 * Names in the drafts folder: the slug a new draft's file is named after, the check that a
 * draft id can name nothing but a file in the folder, and the listing of the folder's `.md`
 * files, each with the id it goes by (a file whose name is not an id gets one of its own).
 */
import { readdir } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import { DraftId } from '../../../shared/ipc'
import { AppFailure } from '../errors'
import { isAtomicTempName } from './atomic-temp'
import { storageFailure } from './fs'

const SLUG_MAX = 60
const TRANSLITERATION: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }
// Names Windows reserves for devices: `con.md` there opens the console, not a file.
export const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com\d|lpt\d)$/

/** An id-shaped file name for a title: ascii, lowercase, dashes, at most 60 characters, never empty. */
export function slugify(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // eslint-disable-next-line no-control-regex -- \x00-\x7f is ASCII: every other character is transliterated
    .replace(/[^\x00-\x7f]/g, (ch) => TRANSLITERATION[ch] ?? '-')
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  if (slug === '') return 'draft'
  return WINDOWS_DEVICE.test(slug) ? `${slug}-draft` : slug
}

export function invalidId(id: unknown): AppFailure {
  return new AppFailure('invalid_input', 'This is not a draft id: ids are file names made of lowercase letters, digits and dashes.', {
    fields: { id: `must be a draft id: lowercase letters, digits and dashes (got ${JSON.stringify(String(id)).slice(0, 80)})` },
  })
}

/** Whether a file name is a draft id followed by `.md` (exactly: not `.MD`). */
export function isDraftFileName(fileName: string): boolean {
  return fileName.endsWith('.md') && DraftId.safeParse(fileName.slice(0, -3)).success
}

/** The id's file name, after checking the id cannot name anything but a file in the folder. */
export function fileNameOf(id: unknown): string {
  if (typeof id !== 'string' || !DraftId.safeParse(id).success) throw invalidId(id)
  if (process.platform === 'win32' && WINDOWS_DEVICE.test(id)) throw invalidId(id)
  const fileName = `${id}.md`
  // The regex already excludes separators and dots; this holds even if it is ever loosened.
  const probe = resolve('/drafts-folder', fileName)
  if (dirname(probe) !== resolve('/drafts-folder') || basename(probe) !== fileName) throw invalidId(id)
  return fileName
}

export interface Directory {
  /** Valid draft file names present, exactly as listed. */
  names: Set<string>
  /** Id given to each `.md` file whose name is not an id → that file's name. */
  aliased: Map<string, string>
  /** Every `.md` entry with its kind, in listing order. */
  entries: { fileName: string; id: string; misnamed: boolean }[]
  /** `<id>.md.<number>`: temporary files of an atomic write (write-file-atomic) that a crash left behind. */
  leftovers: string[]
  /** Every name in the folder (review folders among them). */
  listed: Set<string>
}

export { isAtomicTempName }

export async function readDirectory(folder: string): Promise<Directory> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch (error) {
    throw storageFailure('read the drafts folder', folder, error)
  }
  const markdown = names.filter((name) => /\.md$/i.test(name)).sort()
  const valid = new Set(markdown.filter(isDraftFileName))
  const aliased = new Map<string, string>()
  const entries: Directory['entries'] = []
  for (const fileName of markdown) {
    if (valid.has(fileName)) {
      entries.push({ fileName, id: fileName.slice(0, -3), misnamed: false })
      continue
    }
    // An id unique among real file names, so that no operation on it can reach another file.
    const base = slugify(fileName.slice(0, -3))
    let id = base
    for (let n = 2; valid.has(`${id}.md`) || aliased.has(id); n++) id = `${base}-${n}`
    aliased.set(id, fileName)
    entries.push({ fileName, id, misnamed: true })
  }
  return { names: valid, aliased, entries, leftovers: names.filter((name) => isAtomicTempName(name, isDraftFileName)), listed: new Set(names) }
}
