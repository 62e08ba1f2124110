/**
 * `grant-desk review` over a folder of drafts reads in two threads: most of a gate's time is
 * parsing YAML (each draft's front matter and every record), which is the same work for every
 * draft and shares nothing between them. The main thread and one worker (worker.ts) take drafts
 * in turn from a shared counter; the worker posts each draft and its records, read and parsed,
 * and the main thread weighs every review itself, in the files' order, as if it had read them:
 * the verdicts, messages and exit code are those of a run in one thread.
 *
 * The worker only reads ahead. Anything it did not deliver (it could not start, or stopped) is
 * read by the main thread, and with one processor, a few drafts, or no worker file (the sources
 * run by tests) everything is read in the main thread.
 *
 * The worker is started (`startReader`) before the folders are listed, so that loading its
 * bundle overlaps the listing; it waits for its drafts, and is ended if there are too few.
 * The listing's entries of each review folder are handed to it, so it lists none again.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { PortableRecordRead } from '../../main/core/public/drafts'
import type { DraftRead } from './read'

/** Below this many files, starting a worker (tens of milliseconds) costs more than it saves. */
export const READ_AHEAD_MIN_FILES = 64

export interface AheadInput {
  files: readonly string[]
  named: readonly string[]
  /** Entries of folders as the file discovery listed them (files.ts), by path: the review folders among them are not listed again. */
  listed: Map<string, string[]>
  /** One Int32: the index of the next draft to take. */
  next: SharedArrayBuffer
}

export type AheadBatch = { index: number; draft: DraftRead; records: [string, PortableRecordRead][] }[]

export interface AheadRead {
  draft: DraftRead
  records: [string, PortableRecordRead][]
}

export interface ReadAhead {
  /** The index of the next draft for the main thread to read, or -1 when every draft is taken. */
  claim(): number
  /**
   * What the worker read of a draft the main thread did not take; null when it did not deliver it (read it here).
   * A draft already handed to `onRead` (readAhead's option) is not kept for this.
   */
  result(index: number): Promise<AheadRead | null>
}

/** The bundled worker beside the bundle's chunks, or null (the sources, run by tests, have none). */
function workerFile(): string | null {
  for (const relative of ['../review-reader.mjs', './review-reader.mjs']) {
    const path = fileURLToPath(new URL(relative, import.meta.url))
    if (existsSync(path)) return path
  }
  return null
}

/** Every draft read here, in order. */
function alone(count: number): ReadAhead {
  let next = 0
  return { claim: () => (next < count ? next++ : -1), result: () => Promise.resolve(null) }
}

/** A worker started before its drafts are known; `gone` once it failed or ended (its drafts are then read here). */
export interface Reader {
  worker: Worker
  gone: boolean
}

/** Starts the worker (null: it does not pay, or could not start); `script`: this worker, whatever the processors. */
export function startReader(script?: string): Reader | null {
  const file = script ?? (availableParallelism() < 2 ? null : workerFile())
  if (file === null) return null
  try {
    const reader: Reader = { worker: new Worker(file), gone: false }
    // Listened to at once: an error with no listener would end the process, and an end before
    // readAhead listens would leave it waiting for drafts never coming.
    const gone = () => (reader.gone = true)
    reader.worker.on('error', gone)
    reader.worker.on('exit', gone)
    return reader
  } catch {
    return null
  }
}

/**
 * Starts the reading of `files` in two threads when it pays (see above); else the main thread
 * reads them all (and `reader` is ended). `reader`: the worker startReader started; without
 * it, one is started here. `threads: false` reads them all here; `script`: this worker, however
 * few the files or processors (its test runs the sources, which have no bundled worker beside them).
 * `onRead`: given each draft the worker delivers that nobody waits for with `result`, as it
 * arrives, so the main thread weighs it between its own reads rather than after them all.
 */
export function readAhead(
  files: readonly string[],
  named: ReadonlySet<string>,
  options: {
    threads?: boolean
    script?: string
    reader?: Reader | null
    listed?: Map<string, string[]>
    onRead?: (index: number, read: AheadRead) => void
  } = {},
): ReadAhead {
  const pays = options.script !== undefined || (options.threads !== false && files.length >= READ_AHEAD_MIN_FILES)
  const started = options.reader
  if (!pays) {
    void started?.worker.terminate()
    return alone(files.length)
  }
  const reader = started === undefined ? startReader(options.script) : started
  if (reader === null || reader.gone) return alone(files.length)
  const worker = reader.worker
  const next = new SharedArrayBuffer(4)
  const counter = new Int32Array(next)
  const delivered = new Map<number, AheadRead>()
  const waiting = new Map<number, (read: AheadRead | null) => void>()
  let ended = false
  const input: AheadInput = { files, named: [...named], listed: options.listed ?? new Map<string, string[]>(), next }
  worker.postMessage(input)
  worker.on('message', (batch: AheadBatch) => {
    for (const { index, ...read } of batch) {
      const resolve = waiting.get(index)
      if (resolve) {
        waiting.delete(index)
        resolve(read)
      } else if (options.onRead) options.onRead(index, read)
      else delivered.set(index, read)
    }
  })
  const end = () => {
    ended = true
    for (const resolve of waiting.values()) resolve(null)
    waiting.clear()
  }
  // A worker that fails only leaves its drafts to the main thread.
  worker.on('error', end)
  worker.on('exit', end)
  return {
    claim() {
      const index = Atomics.add(counter, 0, 1)
      return index < files.length ? index : -1
    },
    result(index) {
      const read = delivered.get(index)
      if (read !== undefined) {
        delivered.delete(index)
        return Promise.resolve(read)
      }
      if (ended) return Promise.resolve(null)
      return new Promise((resolve) => waiting.set(index, resolve))
    },
  }
}
