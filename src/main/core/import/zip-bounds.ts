/**
 * A .docx is a zip archive; before mammoth (through jszip) expands it, its central directory is
 * read here and the archive refused when it is a zip bomb: too many entries, more expanded bytes
 * in total than a document could hold, or an entry whose deflated data expands past what the
 * directory says (a directory can lie). Each entry is inflated by node:zlib with
 * `maxOutputLength`, so even a lying entry stops at the bound, not when the memory runs out.
 */
import { inflateRawSync } from 'node:zlib'
import { ImportError } from './errors'

/** Entries of an ordinary .docx are a few dozen; thousands are not a document. */
export const MAX_ZIP_ENTRIES = 2_000
/** A 10 MB .docx of text expands to well under this; a bomb expands to gigabytes. */
export const MAX_EXPANDED_BYTES = 100 * 1024 * 1024

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50

interface Entry {
  name: string
  method: number
  compressedSize: number
  size: number
  localOffset: number
}

const NOT_A_ZIP =
  'it is not a .docx file: a .docx is a zip archive and this file is not one (or it is damaged). Save it again from Word or Google Docs as .docx'

function endOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes, followed by a comment of up to 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at
  }
  throw new ImportError(NOT_A_ZIP)
}

function entries(bytes: Buffer): Entry[] {
  const end = endOfDirectory(bytes)
  const count = bytes.readUInt16LE(end + 10)
  const directorySize = bytes.readUInt32LE(end + 12)
  const directoryOffset = bytes.readUInt32LE(end + 16)
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new ImportError('it is a zip64 archive, which no .docx needs: it was not opened. Save it again from Word as .docx')
  }
  if (count > MAX_ZIP_ENTRIES) throw new ImportError(`its zip archive holds ${count} entries (a .docx holds a few dozen), so it was not opened`)
  if (directoryOffset + directorySize > end) throw new ImportError(NOT_A_ZIP)
  const list: Entry[] = []
  let at = directoryOffset
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ImportError(NOT_A_ZIP)
    const nameLength = bytes.readUInt16LE(at + 28)
    list.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      localOffset: bytes.readUInt32LE(at + 42),
    })
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
  return list
}

function entryData(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw new ImportError(NOT_A_ZIP)
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28)
  if (start + entry.compressedSize > bytes.length) throw new ImportError(NOT_A_ZIP)
  return bytes.subarray(start, start + entry.compressedSize)
}

/** Throws an ImportError when `bytes` is not a zip archive that a .docx could be, or is a zip bomb. */
export function checkDocxArchive(bytes: Buffer): void {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_HEADER) throw new ImportError(NOT_A_ZIP)
  const list = entries(bytes)
  const declared = list.reduce((sum, entry) => sum + entry.size, 0)
  if (declared > MAX_EXPANDED_BYTES) {
    throw new ImportError(
      `its zip archive would expand to ${Math.round(declared / 1024 / 1024)} MB (a zip bomb, or not a document), so it was not opened; a .docx to import expands to at most ${MAX_EXPANDED_BYTES / 1024 / 1024} MB`,
    )
  }
  if (!list.some((entry) => entry.name === 'word/document.xml')) {
    throw new ImportError('it is a zip archive but not a Word document (it has no word/document.xml). Save it again from Word or Google Docs as .docx')
  }
  for (const entry of list) {
    if (entry.method === 0) continue
    if (entry.method !== 8) throw new ImportError(`its entry ${entry.name} is compressed in a way no .docx uses (method ${entry.method}), so it was not opened`)
    try {
      inflateRawSync(entryData(bytes, entry), { maxOutputLength: Math.max(1, entry.size) })
    } catch (error) {
      if (error instanceof ImportError) throw error
      throw new ImportError(`its entry ${entry.name} expands past the size its archive states (a zip bomb, or a damaged file), so it was not opened`)
    }
  }
}
