/**
 * The link check's day cache: one JSON file in the data folder, by link, written atomically
 * (write-file-atomic). A link that answered (or is dead) is not asked again for a day; a note's
 * cause (a timeout, a 429, a 5xx, a dropped connection) passes, so it is asked again each time.
 * A missing, damaged or foreign file is read as empty and replaced on the next write: it only
 * saves requests, and losing it loses nothing of the applicant's.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { LinkOutcome } from '../../../shared/ipc'
import { Mutex } from '../locks'

export const CACHE_DAY_MS = 24 * 60 * 60 * 1000
const CACHE_FORMAT = 1
/** Beyond this many links the oldest answers are dropped, so the file stays small. */
const MAX_ENTRIES = 5_000

const CacheFile = z.object({ format: z.literal(CACHE_FORMAT), links: z.record(z.string(), LinkOutcome) })

export class LinkCache {
  readonly #queue = new Mutex()

  constructor(
    private readonly file: string,
    private readonly now: () => number,
  ) {}

  /** The answers younger than a day, by link. */
  async read(): Promise<Map<string, LinkOutcome>> {
    return this.#queue.runExclusive(() => this.#fresh())
  }

  /** Keeps the answers that last (ok and dead), with the fresh ones already kept; a write that fails is skipped. */
  async remember(entries: ReadonlyArray<readonly [string, LinkOutcome]>): Promise<void> {
    const lasting = entries.filter(([, outcome]) => outcome.state !== 'unsure')
    if (lasting.length === 0) return
    await this.#queue.runExclusive(async () => {
      const links = await this.#fresh()
      for (const [url, outcome] of lasting) links.set(url, outcome)
      const kept = [...links].sort((a, b) => b[1].checkedAt - a[1].checkedAt).slice(0, MAX_ENTRIES)
      try {
        await mkdir(dirname(this.file), { recursive: true })
        await writeFileAtomic(this.file, `${JSON.stringify({ format: CACHE_FORMAT, links: Object.fromEntries(kept) })}\n`)
      } catch {
        // A cache that cannot be written only means the links are asked again next time.
      }
    })
  }

  async #fresh(): Promise<Map<string, LinkOutcome>> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return new Map()
    }
    let parsed
    try {
      parsed = CacheFile.safeParse(JSON.parse(text))
    } catch {
      return new Map()
    }
    if (!parsed.success) return new Map()
    const now = this.now()
    return new Map(Object.entries(parsed.data.links).filter(([, outcome]) => now - outcome.checkedAt < CACHE_DAY_MS && outcome.checkedAt <= now))
  }
}
