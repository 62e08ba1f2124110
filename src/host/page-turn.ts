/**
 * The page's turn at the machine as the host starts: the core's thread (core-thread.ts) loads
 * once the page has drawn its first screen, not beside it. Loading the core is about half a
 * second of the host's CPU (its code, then building it); on a 2-core machine it ran while the
 * browser laid out the page's first frame, and the grants the host had drawn into the page
 * (first-paint.ts) showed 130 ms later (issue 34's start-up row, docs/benchmarks.md). What the
 * first frame needs is the page and its files, which the host's main thread serves without the
 * core.
 *
 * The turn ends at the first of:
 * - the page served without a first paint: the app draws its screen itself, and its calls need
 *   the core at once;
 * - the page saying it drew its first frame (FIRST_PAINT_SCRIPT's call of SHOWN_PATH, page.ts);
 * - a call of the API: the app has run, or someone else asks;
 * - `paintWaitMs` after the page with a first paint was served (the page said nothing);
 * - `pageWaitMs` after the host listens, when nobody asked for the page (its address is waiting
 *   for the person, or the window is slow to open): the page then finds the core ready.
 */

/** How long a page served with its first paint is waited for. */
export const PAINT_WAIT_MS = 1_000
/** How long the host waits for a page at all before loading the core anyway. */
export const PAGE_WAIT_MS = 3_000

export interface PageTurn {
  /** Settles when the turn ends (never rejects). */
  readonly over: Promise<void>
  /** The page was served, with its first paint or without. */
  served(withFirstPaint: boolean): void
  /** The page drew its first screen, or the API was called. */
  shown(): void
  /** The host listens: from now, `pageWaitMs` until the turn ends anyway. */
  listening(): void
}

export function pageTurn({ paintWaitMs = PAINT_WAIT_MS, pageWaitMs = PAGE_WAIT_MS } = {}): PageTurn {
  let end = () => {}
  const over = new Promise<void>((resolve) => (end = resolve))
  let ended = false
  const timers: NodeJS.Timeout[] = []
  const finish = () => {
    if (ended) return
    ended = true
    for (const timer of timers) clearTimeout(timer)
    end()
  }
  const after = (ms: number) => {
    if (ended) return
    const timer = setTimeout(finish, ms)
    timer.unref()
    timers.push(timer)
  }
  return {
    over,
    served: (withFirstPaint) => (withFirstPaint ? after(paintWaitMs) : finish()),
    shown: finish,
    listening: () => after(pageWaitMs),
  }
}
