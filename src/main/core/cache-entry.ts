/**
 * The offline cache's entries as they are read (cache.ts writes them and sets damaged ones
 * aside): where an entry lives, its frame, what is on disk for it, and a read that only reads.
 * A module of its own, with no writer in it, for a reader beside the core: the browser host's
 * main thread answers the saved grant list with `peekEntry` while it serves the page
 * (src/host/saved-list.ts), without loading the cache's writing (write-file-atomic, signal-exit).
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { z } from 'zod'

export interface CachedValue<T> {
  value: T
  fetchedAt: string
}

/**
 * No entry the app writes comes near this: answers are at most 5 MB (the service client's
 * limit for a list). A bigger file is not ours, and is not read into memory.
 */
export const MAX_ENTRY_BYTES = 16 * 1024 * 1024

export type Envelope = { fetchedAt: string; value: unknown }

/** The entry's own frame, whatever the value's schema: `{fetchedAt: <a date>, value: {…}}`. */
function envelope(parsed: unknown): Envelope | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null
  const { fetchedAt, value } = parsed as { fetchedAt?: unknown; value?: unknown }
  if (typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt))) return null
  if (typeof value !== 'object' || value === null) return null
  return { fetchedAt, value }
}

export type Inspected = { kind: 'missing' } | { kind: 'damaged'; what: string } | { kind: 'entry'; entry: Envelope }

/** Keys are built by the callers from fixed words and validated ids only. */
export function cacheFile(dir: string, key: string): string {
  if (!/^[a-z0-9-]+$/.test(key)) throw new Error(`invalid cache key ${key}`)
  return join(dir, `${key}.json`)
}

/** What is on disk for an entry; never throws. */
export async function inspectEntry(file: string, schema: z.ZodType | undefined): Promise<Inspected> {
  let text: string
  try {
    const info = await stat(file)
    if (info.isDirectory()) return { kind: 'damaged', what: 'is a folder' }
    if (info.size > MAX_ENTRY_BYTES) return { kind: 'damaged', what: `is larger than ${MAX_ENTRY_BYTES / 1024 / 1024} MB` }
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    // Unreadable: it would block every later write of this entry too.
    return { kind: 'damaged', what: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { kind: 'damaged', what: text.includes('\uFFFD') || text.includes('\u0000') ? 'is not text' : 'is not JSON' }
  }
  const entry = envelope(parsed)
  if (!entry) return { kind: 'damaged', what: 'is damaged (not a cache entry)' }
  if (schema && !schema.safeParse(entry.value).success) return { kind: 'damaged', what: 'is damaged (its grants are not of the expected shape)' }
  return { kind: 'entry', entry }
}

/**
 * An entry of the cache in `dir`, as the cache's `read` gives it, without touching the disk: a
 * damaged entry is only treated as missing (the core's own `read` or `write` sets it aside). For
 * a reader beside the core, such as the browser host's main thread answering the saved grant
 * list while the core loads (src/host/saved-list.ts).
 */
export async function peekEntry<S extends z.ZodType>(dir: string, key: string, schema: S): Promise<CachedValue<z.output<S>> | null> {
  const found = await inspectEntry(cacheFile(dir, key), schema)
  if (found.kind !== 'entry') return null
  return { value: schema.parse(found.entry.value), fetchedAt: new Date(found.entry.fetchedAt).toISOString() }
}
