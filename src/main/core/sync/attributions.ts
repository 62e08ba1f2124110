/**
 * Who brought each draft's text in the last pulls, for the draft's History ("came from Ana"):
 * kept in memory for a while after the pull, and only for the exact version the pull brought.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'

/** How long a draft's "came from <teammate>" is kept for its History after a pull. */
const ATTRIBUTION_MS = 10 * 60_000

export class PullAttributions {
  /** folder \0 id → author, the version the pull brought, and when. */
  readonly #entries = new Map<string, { author: string; version: string; at: number }>()

  /** The pull at `at` (ms) brought `version` of draft `id` in `folder`, written by `author`. */
  record(folder: string, id: string, author: string, version: string, at: number): void {
    this.#entries.set(`${resolve(folder)}\0${id}`, { author, version, at })
  }

  /** Who brought `version` of the draft, if a pull did within the last ten minutes (`now`, ms); else null. */
  authorOf(folder: string, id: string, version: string, now: number): string | null {
    const entry = this.#entries.get(`${resolve(folder)}\0${id}`)
    if (!entry || entry.version !== version || now - entry.at > ATTRIBUTION_MS) return null
    return entry.author
  }
}

/**
 * A draft file's version (folder/fs.ts, draftVersion: the SHA-256 of its bytes), read in chunks:
 * a 200 MB draft that a pull brought is hashed without being held in memory. Null when it is not there.
 */
export async function fileVersion(file: string): Promise<string | null> {
  const hash = createHash('sha256')
  try {
    await pipeline(createReadStream(file), hash)
  } catch {
    return null
  }
  return hash.digest('hex')
}
