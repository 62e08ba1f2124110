/**
 * Loaded into the browser host by host-memory.bench.ts (`node --expose-gc --import`), and only
 * there: on SIGUSR2 the host collects its garbage (three full collections, a turn of the event
 * loop between them) and prints its memory as one line, `MEMORY {json}`. The host's own code is
 * not changed for the measure.
 */
process.on('SIGUSR2', () => {
  void (async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc()
      await new Promise((resolve) => setImmediate(resolve))
    }
    console.log(`MEMORY ${JSON.stringify(process.memoryUsage())}`)
  })()
})
