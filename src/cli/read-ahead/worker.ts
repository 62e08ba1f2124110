/**
 * The worker thread of `grant-desk review` (index.ts): takes drafts by index from the counter it
 * shares with the main thread, reads each draft and its records (read.ts) and posts them back in
 * small batches. Bundled as an entry of its own, beside the CLI's (its name is in vite.cli.config.ts).
 */
import { parentPort } from 'node:worker_threads'
import { readDraft, readRecordsAhead } from './read'
import type { AheadBatch, AheadInput } from './index'

/** Drafts posted at once: few messages, and the main thread never waits long for the last ones. */
const BATCH = 8

async function run({ files, named, listed, next }: AheadInput): Promise<void> {
  const counter = new Int32Array(next)
  const namedSet = new Set(named)
  let batch: AheadBatch = []
  for (let index = Atomics.add(counter, 0, 1); index < files.length; index = Atomics.add(counter, 0, 1)) {
    const file = files[index]!
    const draft = readDraft(file, namedSet)
    batch.push({ index, draft, records: draft !== null && 'draft' in draft ? await readRecordsAhead(file, listed) : [] })
    if (batch.length >= BATCH) {
      parentPort!.postMessage(batch)
      batch = []
    }
  }
  if (batch.length > 0) parentPort!.postMessage(batch)
}

// Started before the folders were listed (index.ts): its drafts come in the first message.
parentPort!.once('message', (input: AheadInput) => void run(input))
