/**
 * Loaded into the browser host by host-memory.bench.ts (`node --expose-gc --import`), and only
 * there: on SIGUSR2 the host collects its garbage (three full collections, a turn of the event
 * loop between them) and prints its memory as one line, `MEMORY {json}`. The host's own code is
 * not changed for the measure.
 *
 * The host runs its core in a worker thread (src/host/core-thread.ts), a V8 heap of its own that
 * the main thread's `gc()` does not reach, and Node runs `--import` modules on the main thread
 * only. So this module also wraps `Worker`: a worker the host spawns from a file first joins a
 * BroadcastChannel on which it collects its garbage when asked, then loads the host's module as
 * it would have (its `parentPort` is the same). Without it, the row counted the core thread's
 * uncollected garbage as the host's memory. `heapUsed` (in use) and `heapCommitted` (pages V8 holds) count the heaps of all threads together.
 */
import { syncBuiltinESMExports } from 'node:module'
import { pathToFileURL } from 'node:url'
import { getHeapStatistics } from 'node:v8'
import workerThreads from 'node:worker_threads'

const CHANNEL = 'grant-desk-bench-gc'

/** Three full collections of the calling thread, a turn of its event loop between them. */
async function collect() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** What a worker runs before the host's module: answers the main thread's call to collect. */
const listener = `
const { BroadcastChannel } = require('node:worker_threads')
const { getHeapStatistics } = require('node:v8')
const channel = new BroadcastChannel(${JSON.stringify(CHANNEL)})
channel.unref()
channel.onmessage = async ({ data }) => {
  if (data.type !== 'collect') return
  for (let i = 0; i < 3; i++) {
    globalThis.gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
  const heap = getHeapStatistics()
  channel.postMessage({ type: 'collected', heapUsed: heap.used_heap_size, heapCommitted: heap.total_physical_size, malloced: heap.malloced_memory })
}
`

let workers = 0
const { Worker } = workerThreads
workerThreads.Worker = class extends Worker {
  constructor(file, options = {}) {
    // An eval worker (the host run from source) is left as it is: only the built host is measured.
    if (options.eval) {
      super(file, options)
      return
    }
    const href = file instanceof URL ? file.href : pathToFileURL(String(file)).href
    super(`${listener}\nimport(${JSON.stringify(href)})`, { ...options, eval: true })
    workers++
    this.once('exit', () => workers--)
  }
}
// The host's bundle imports `{ Worker }` by name: let that binding see the wrapper.
syncBuiltinESMExports()

/** Asks every worker to collect; resolves with their heaps in use once all have answered. */
function collectWorkers() {
  return new Promise((resolve, reject) => {
    if (workers === 0) return resolve({ heapUsed: 0, heapCommitted: 0, malloced: 0 })
    const channel = new workerThreads.BroadcastChannel(CHANNEL)
    let answered = 0
    const sum = { heapUsed: 0, heapCommitted: 0, malloced: 0 }
    const timer = setTimeout(() => {
      channel.close()
      reject(new Error(`only ${answered} of ${workers} worker threads collected their garbage within 20 s`))
    }, 20_000)
    channel.onmessage = ({ data }) => {
      if (data.type !== 'collected') return
      for (const key of Object.keys(sum)) sum[key] += data[key]
      if (++answered === workers) {
        clearTimeout(timer)
        channel.close()
        resolve(sum)
      }
    }
    channel.postMessage({ type: 'collect' })
  })
}

process.on('SIGUSR2', () => {
  void (async () => {
    try {
      const inWorkers = await collectWorkers()
      await collect()
      const memory = process.memoryUsage()
      const main = getHeapStatistics()
      const all = {
        ...memory,
        heapUsed: memory.heapUsed + inWorkers.heapUsed,
        heapCommitted: main.total_physical_size + inWorkers.heapCommitted,
        malloced: main.malloced_memory + inWorkers.malloced,
        threads: workers + 1,
      }
      console.log(`MEMORY ${JSON.stringify(all)}`)
    } catch (error) {
      console.log(`MEMORY-FAILED ${error instanceof Error ? error.message : String(error)}`)
    }
  })()
})
