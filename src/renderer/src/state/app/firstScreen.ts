/**
 * The first screen's turn at start. The page used to ask the core ten things at once as it
 * opened (the due-soon menu, the status bar's sync and settings, saved searches, the Draft and
 * Applied marks, the grant-or-bounty chips, beside the session and the grant list), and the
 * grant list's answer, the one thing an applicant opens the app to see, waited in the host's
 * one process behind the other nine (bench/startup.bench.ts). Now what the first screen can
 * show without waits for `afterFirstScreen`: it runs once the first screen has been painted
 * (the grant list's rows, or what it says instead), or at once when the first screen is another
 * one (the welcome, a draft restored from the address). A slow grant service holds the rest
 * back by at most FIRST_SCREEN_WAIT_MS.
 *
 * Only the first asking waits: events are listened to from the start (an arrival or a due
 * reminder in the first second is not lost), and every later load runs when asked.
 */

import { dropFirstPaint } from './firstPaint'

/** The longest the rest waits for the first screen: the grant list normally shows well within it (App.tsx preloads the other screens after as long). */
export const FIRST_SCREEN_WAIT_MS = 3_000

let shown = false
const waiting = new Set<() => void>()
let fallback: ReturnType<typeof setTimeout> | null = null

/**
 * Runs `work` once the first screen has shown (at once when it has); returns the function that
 * cancels it if it has not run yet (the component that asked is gone).
 */
export function afterFirstScreen(work: () => void): () => void {
  if (shown) {
    work()
    return () => {}
  }
  waiting.add(work)
  fallback ??= setTimeout(firstScreenShown, FIRST_SCREEN_WAIT_MS)
  return () => {
    waiting.delete(work)
  }
}

/** The first screen is on screen (or another screen took its place): the rest may go now. */
export function firstScreenShown(): void {
  if (shown) return
  shown = true
  // Whatever screen it is, the host's picture of the grant list must not lie over it any longer.
  dropFirstPaint()
  if (fallback !== null) clearTimeout(fallback)
  fallback = null
  const work = [...waiting]
  waiting.clear()
  for (const run of work) run()
}

/**
 * The first screen has just committed what it shows: the rest goes after the frame that paints
 * it (a frame, then a task: the same moment the start-up bench calls the rows visible), so the
 * answers to the rest do not re-render the page before that frame.
 */
export function firstScreenCommitted(): void {
  if (shown) return
  requestAnimationFrame(() => setTimeout(firstScreenShown, 0))
}

/** Whether the first screen has shown. */
export function isFirstScreenShown(): boolean {
  return shown
}
