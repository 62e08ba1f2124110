/**
 * A zip archive written by hand for tests of the .docx import's bounds: entries stored as given
 * (already deflated or not), with sizes in the central directory that may lie, which no zip
 * library would write.
 */
import { deflateRawSync } from 'node:zlib'

export interface ZipEntry {
  name: string
  /** The bytes as stored (deflated when `deflated`). */
  data: Buffer
  deflated: boolean
  /** The expanded size the archive states. */
  size: number
}

/** A deflated entry whose stated size is its real one unless `statedSize` is given. */
export function deflatedEntry(name: string, content: Buffer, statedSize = content.length): ZipEntry {
  return { name, data: deflateRawSync(content, { level: 9 }), deflated: true, size: statedSize }
}

export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(entry.deflated ? 8 : 0, 10)
    header.writeUInt32LE(entry.data.length, 20)
    header.writeUInt32LE(entry.size, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.data)
    directory.push(header, name)
    offset += local.length + name.length + entry.data.length
  }
  const directoryBytes = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directoryBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directoryBytes, end])
}
