/**
 * Where the review's pitch quotes are in the pitch as of the last pause in typing, placed in a
 * worker (anchor.worker.ts) with the shared budget: one answer for the whole editor (the
 * Review panel, the margin and the marks in the text ask the same question), never computed
 * on the main thread while a worker can run. A quote not placed within the budget is
 * `pending`: shown as "not placed yet", never as gone.
 *
 * jsdom (the component tests) has no Worker; there the same call runs after the current task.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { ANCHOR_BUDGET, placeAnchors, type Placements, type TextQuote } from '../../../../shared/review'
import type { PlacementReply, PlacementRequest } from './placementProtocol'

export interface PlacedText {
  text: string
  quotes: readonly TextQuote[]
  placements: Placements
}

let worker: Worker | null | undefined
let seq = 0
let asked: { text: string; quotes: readonly TextQuote[] } | null = null
let answer: PlacedText | null = null
const watchers = new Set<() => void>()

function tell(next: PlacedText): void {
  answer = next
  for (const watcher of watchers) watcher()
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker
  worker = null
  if (typeof Worker === 'undefined') return null
  try {
    const started = new Worker(new URL('./anchor.worker.ts', import.meta.url), { type: 'module' })
    started.addEventListener('message', (event: MessageEvent<PlacementReply>) => {
      if (event.data.seq === seq && asked) tell({ text: asked.text, quotes: asked.quotes, placements: event.data.placements })
    })
    started.addEventListener('error', () => {
      started.terminate()
      worker = null
      if (asked) runHere(seq, asked.text, asked.quotes)
    })
    worker = started
  } catch {
    worker = null
  }
  return worker
}

function runHere(mine: number, text: string, quotes: readonly TextQuote[]): void {
  setTimeout(() => {
    if (mine !== seq) return
    tell({ text, quotes, placements: placeAnchors({ text, quotes }, ANCHOR_BUDGET) })
  }, 0)
}

/** One quote's identity by content: a refreshed review gives new objects for the same quotes. */
export function sameQuote(a: TextQuote, b: TextQuote): boolean {
  return a === b || (a.exact === b.exact && a.prefix === b.prefix && a.suffix === b.suffix && a.line === b.line)
}

export function quoteKey(quote: TextQuote): string {
  return `${quote.line}\u0000${quote.prefix}\u0000${quote.exact}\u0000${quote.suffix}`
}

/** The same quotes, in the same order. */
export function sameQuotes(a: readonly TextQuote[], b: readonly TextQuote[]): boolean {
  return a === b || (a.length === b.length && a.every((quote, i) => sameQuote(quote, b[i]!)))
}

/** Asks for the quotes' places in `text`; the same question twice is asked once. */
export function requestPlacements(text: string, quotes: readonly TextQuote[]): void {
  if (asked && asked.text === text && sameQuotes(asked.quotes, quotes)) return
  asked = { text, quotes }
  seq += 1
  const running = startWorker()
  if (running) running.postMessage({ seq, text, quotes: [...quotes] } satisfies PlacementRequest)
  else runHere(seq, text, quotes)
}

function subscribe(watcher: () => void): () => void {
  watchers.add(watcher)
  return () => watchers.delete(watcher)
}

/** The latest answer (for the latest text or an earlier one: the caller checks `text`). */
export function usePlacements(text: string, quotes: readonly TextQuote[]): PlacedText | null {
  // No quotes, nothing to place: asking would replace the question of a list that has some (one
  // question at a time), as a list waiting to render its cards (ReviewPanel.tsx) would.
  useEffect(() => {
    if (quotes.length > 0) requestPlacements(text, quotes)
  }, [text, quotes])
  return useSyncExternalStore(subscribe, () => answer)
}
