/**
 * A draft reviewed for weeks: a real proposal (`../shared/real-proposals`, the longest one) as a
 * draft in the core's drafts folder, with hundreds of threads on passages of its pitch, written
 * by the core: the first through `reviews.addThread` (the contract's check, the reviewer name in
 * Settings), the others by the core's record writer that `reviews.addThread` runs (`addRecord`:
 * one record file each in the draft's review folder, a minute apart). Not all through the IPC
 * call only because each of its answers rebuilds the whole review: 667 of them took over a minute
 * on the loaded 2-core machine, for nothing the tests look at. Issue 22's "Open a draft with 667 threads" (the bench
 * `bench/review-threads.bench.ts` and the e2e `test/e2e/review-many-threads.spec.ts`).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Core } from '../../src/main/core/core'
import { corpusPresent } from './corpus'
import { addRecord } from '../../src/main/core/folder/review-files'
import { parseDraftFile } from '../../src/shared/draft-file'
import { quoteAt, type ReviewData } from '../../src/shared/review'

export const REAL_PROPOSALS = fileURLToPath(new URL('../../../shared/real-proposals/drafts', import.meta.url))

/** The longest real proposal's draft file (its pitch is what the threads quote); null when the corpus is absent. */
export function longestRealProposal(): { name: string; text: string } | null {
  if (!corpusPresent('the draft with many threads (the longest real proposal)')) return null
  let best: { name: string; text: string } | null = null
  for (const name of readdirSync(REAL_PROPOSALS)
    .filter((file) => file.endsWith('.md'))
    .sort()) {
    const text = readFileSync(join(REAL_PROPOSALS, name), 'utf8')
    if (!best || text.length > best.text.length) best = { name, text }
  }
  return best
}

/** Word-bounded passages of `pitch`, `count` of them spread evenly from its start to its end, 20–90 characters long. */
export function passages(pitch: string, count: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  const step = pitch.length / count
  for (let n = 0; n < count; n++) {
    let start = Math.floor(n * step)
    // From the start of a word, to the end of one, on one line.
    while (start < pitch.length && /\S/.test(pitch[start - 1] ?? ' ')) start++
    while (start < pitch.length && /\s/.test(pitch[start]!)) start++
    let end = Math.min(pitch.length, start + 20 + ((n * 37) % 70))
    const newline = pitch.indexOf('\n', start)
    if (newline !== -1 && newline < end) end = newline
    while (end < pitch.length && /\S/.test(pitch[end]!) && end - start < 120) end++
    if (end <= start) end = Math.min(pitch.length, start + 1)
    spans.push({ start, end })
  }
  return spans
}

/**
 * Writes `text` as draft `draftId` into `draftsDir` and adds `threads` threads on passages of its
 * pitch through `core` (whose reviewer name must be set). Answers the review as the core last gave it.
 */
export async function writeDraftWithThreads(core: Core, draftsDir: string, draftId: string, text: string, threads: number): Promise<ReviewData> {
  writeFileSync(join(draftsDir, `${draftId}.md`), text)
  const { pitch } = parseDraftFile(text)
  const spans = passages(pitch, threads)
  const body = (n: number) => `Thread ${n + 1} of ${threads}: say who does this and by when; a reviewer will ask.`
  const first = Date.UTC(2026, 10, 2, 9)
  for (const [n, { start, end }] of spans.entries()) {
    const anchor = { target: 'pitch' as const, quote: quoteAt(pitch, start, end) }
    if (n === 0) {
      const result = await core.dispatch('reviews.addThread', { draftId, anchor, body: body(n) })
      if (!result.ok) throw new Error(`reviews.addThread: ${result.error.code} ${result.error.message}`)
      continue
    }
    await addRecord(draftsDir, draftId, new Date(first + n * 60_000), (id, createdAt) => ({
      id,
      kind: 'thread',
      author: n % 3 === 0 ? 'Ben' : 'Cy',
      created_at: createdAt,
      anchor,
      body: body(n),
    }))
  }
  const result = await core.dispatch('reviews.get', { draftId })
  if (!result.ok) throw new Error(`reviews.get: ${result.error.message}`)
  return result.value as ReviewData
}
