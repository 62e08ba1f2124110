/**
 * The browser host's core, run in a worker thread of the host's process (core-worker.ts), and
 * what the host's main thread holds of it: a `dispatch` and a `subscribe` as the core's own.
 *
 * Why a thread: loading the core (about 1.5 MB of bundled script: the contract's zod schemas,
 * yaml, the HTML parsing of the service client's error bodies, the sync, the history) and its
 * first calls (the fetch machinery, the connection to the grant service) took the host's one
 * thread for half a second or more after launch. Run there, the page's HTML and the bridge
 * waited behind them, and the address was printed only once the core was built. Now the main
 * thread listens and serves the page at once, and the core loads in its thread once the page has
 * drawn its first screen (page-turn.ts: loaded beside the page, it held the page's first frame
 * back on 2 cores); the page's calls wait for the core only where they need it (issue 34,
 * bench/startup.bench.ts).
 *
 * Nothing else changes: the worker runs `createCore` with the same options the host gave it
 * before, every call still goes through the core's `dispatch` (the zod contract checks each
 * input), and answers and events travel as the JSON text the host sends on, so the page gets
 * byte for byte what it got when the core ran on the main thread.
 */
import { Worker } from 'node:worker_threads'
import type { Core } from '../main/core/core'
import type { IpcEvent, IpcResult } from '../shared/ipc'

/** What the worker needs to build the core (all of it plain data: it crosses threads). */
export interface CoreThreadData {
  dataDir: string
  secretsFile: string
  settingsFile: string
  env: Record<string, string | undefined>
  /** The test-only clock's variables (test-clock.ts), read again by the worker. */
  clockEnv: { GRANT_DESK_TEST_NOW?: string | undefined; GRANT_DESK_TEST_CLOCK_OFFSET_MS?: number | undefined }
}

/** Main thread → worker. */
export type ToCore =
  { type: 'start'; data: CoreThreadData } | { type: 'dispatch'; id: number; channel: string; input: unknown } | { type: 'background' } | { type: 'close' }

/** Worker → main thread. Answers and event payloads are JSON text. */
export type FromCore =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; json: string; error?: never }
  | { type: 'answer'; id: number; error: string; json?: never }
  | { type: 'event'; event: IpcEvent; json: string | undefined }
  | { type: 'closed' }

export interface CoreThread extends Core {
  /** Spawns the thread, which begins loading the core's code (once; nothing after `close`). */
  load(): void
  /**
   * Builds the core, once the thread is loaded (`load`). `dispatch` and
   * `subscribe` may be used at once: calls wait for the core. The start's background work begins
   * once `backgroundAfter` settles (core.ts's `backgroundAfter`).
   */
  start(data: CoreThreadData, backgroundAfter: Promise<unknown>): void
  /** Settles once the core is built; rejects with the reason it could not be. */
  readonly ready: Promise<void>
  /** Settles if the core could not be built, or its thread ended before `close` was asked for. */
  readonly failed: Promise<Error>
}

/**
 * The core thread's young generation is capped at 12 MB (V8's default lets it grow to 48 MB). The
 * core's bursts, such as the first listing of thousands of drafts, grew it to 32 MB of pages that
 * a full collection does not give back, so an idle host held them: 1.55× the memory of a host on
 * an empty folder, where the main thread's own young generation stays under 8 MB. At 12 MB it is
 * 1.29×, with the start's calls on 5,000 drafts no slower (bench/host-memory.bench.ts).
 */
const CORE_HEAP_LIMITS = { maxYoungGenerationSizeMb: 12 }

/**
 * The core's thread, not spawned yet: `load` spawns it, and it begins loading the core's code at
 * once; the core is built when `start` is called. Calls and `start` made before `load` wait for
 * it. `workerFile` is the worker's module: core-worker.ts from source, out/host/core-worker.mjs
 * built. Until started, the thread does not keep the process alive (`--help`, or a start refused,
 * ends it as before).
 */
export function coreThread(workerFile: URL): CoreThread {
  let worker: Worker | null = null
  /** What was posted before the thread was spawned, in order. */
  const queued: ToCore[] = []
  let started = false
  const pending = new Map<number, { resolve: (result: IpcResult<unknown>) => void; reject: (error: Error) => void }>()
  const listeners = new Set<(event: IpcEvent, payload: unknown) => void>()
  let nextId = 0
  let gone: Error | null = null
  let settleReady: { resolve: () => void; reject: (error: Error) => void } | null = null
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }))
  // Seen by whoever awaits it; a failure with nobody waiting yet must not end the process by itself.
  ready.catch(() => undefined)
  let closed: (() => void) | null = null
  let closeAsked = false
  let reportFailure = (_error: Error) => {}
  const failed = new Promise<Error>((resolve) => (reportFailure = resolve))

  const fail = (error: Error) => {
    if (gone) return
    gone = error
    settleReady?.reject(error)
    // Stopped on purpose, the host's connections are closed already: calls still out get no answer, as before.
    if (!closeAsked) {
      reportFailure(error)
      for (const call of pending.values()) call.reject(error)
    }
    pending.clear()
    closed?.()
  }

  const onMessage = (message: FromCore) => {
    switch (message.type) {
      case 'ready':
        settleReady?.resolve()
        break
      case 'failed':
        fail(new Error(message.message))
        break
      case 'answer': {
        const call = pending.get(message.id)
        pending.delete(message.id)
        if (message.error !== undefined) call?.reject(new Error(message.error))
        else call?.resolve(JSON.parse(message.json) as IpcResult<unknown>)
        break
      }
      case 'event': {
        const payload: unknown = message.json === undefined ? undefined : JSON.parse(message.json)
        for (const listener of [...listeners]) listener(message.event, payload)
        break
      }
      case 'closed':
        closed?.()
        break
    }
  }

  const load = () => {
    if (worker || gone || closeAsked) return
    worker = workerFile.pathname.endsWith('.ts')
      ? // From source (tests run src/host/main.ts with tsx's loader), which Node 20 does not pass to a
        // worker (privatenumber/tsx#354): the worker registers it itself, then loads the module.
        new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile.href)}) })`,
          { eval: true, resourceLimits: CORE_HEAP_LIMITS },
        )
      : new Worker(workerFile, { resourceLimits: CORE_HEAP_LIMITS })
    if (!started) worker.unref()
    worker.on('message', onMessage)
    worker.on('error', (error) => fail(error))
    worker.on('exit', (code) => fail(new Error(`The core's thread stopped (exit code ${code}).`)))
    for (const message of queued.splice(0)) worker.postMessage(message)
  }

  const post = (message: ToCore) => (worker ? worker.postMessage(message) : queued.push(message))

  let closing: Promise<void> | null = null
  return {
    load,
    start: (data, backgroundAfter) => {
      if (started) throw new Error('The core’s thread was started already.')
      started = true
      worker?.ref()
      post({ type: 'start', data })
      const background = () => !gone && post({ type: 'background' })
      void backgroundAfter.then(background, background)
    },
    ready,
    failed,
    dispatch: (channel, input) => {
      if (gone) return Promise.reject(gone)
      const id = nextId++
      return new Promise<IpcResult<unknown>>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        post({ type: 'dispatch', id, channel, input })
      })
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: () =>
      (closing ??= (async () => {
        closeAsked = true
        if (!worker) return
        if (started && !gone) {
          // The core stops its background work, lets its writes finish and releases its locks;
          // then the thread goes (an idle connection or timer of its own would keep it).
          await new Promise<void>((resolve) => {
            closed = resolve
            post({ type: 'close' })
          })
        }
        await worker.terminate()
      })()),
  }
}
