/**
 * The pitch and fields as they were at the last pause in typing: for the work on the screen
 * that need not follow every keystroke and costs something on a long pitch (the checklist,
 * where the review's threads are, the reviewers' verdicts).
 *
 * The store holds every keystroke at once (a save always sends what is on screen); this hook
 * follows it outside React, so a keystroke renders nothing here and a pause renders once.
 * Every hook that waits for the same pause shares one clock (one store subscription, one
 * timer): a keystroke costs a time stamp, not a timer per view (see TrailingTimer).
 */
import { useEffect, useState } from 'react'
import { TrailingTimer } from '../../lib/trailingTimer'
import { useEditor } from './editor'

/** How long typing must stop before the text counts as paused. */
export const TEXT_PAUSE_MS = 250

export interface TextAtPause {
  pitch: string
  customFields: Record<string, string>
}

/** The pitch and fields on screen now. */
export function currentText(): TextAtPause {
  const { pitch, customFields } = useEditor.getState()
  return { pitch, customFields }
}

/**
 * Calls `listener` on every change of the pitch or the fields (every keystroke), outside React:
 * for work that decides itself when to follow the text (the checklist, at each key while it is
 * fast), so that a keystroke renders nothing. Returns the unsubscribe.
 */
export function onTextChange(listener: () => void): () => void {
  return useEditor.subscribe((state, previous) => {
    if (state.pitch !== previous.pitch || state.customFields !== previous.customFields) listener()
  })
}

/** The views waiting for a pause of one length, and the one timer and subscription they share. */
interface PauseClock {
  listeners: Set<() => void>
  timer: TrailingTimer
  unsubscribe: (() => void) | null
}

const clocks = new Map<number, PauseClock>()

function joinClock(delayMs: number, listener: () => void): () => void {
  let clock = clocks.get(delayMs)
  if (!clock) {
    const made: PauseClock = {
      listeners: new Set(),
      timer: new TrailingTimer(delayMs, () => {
        for (const each of [...made.listeners]) each()
      }),
      unsubscribe: null,
    }
    made.unsubscribe = onTextChange(() => made.timer.touch())
    clocks.set(delayMs, made)
    clock = made
  }
  const joined = clock
  joined.listeners.add(listener)
  return () => {
    joined.listeners.delete(listener)
    if (joined.listeners.size > 0) return
    joined.unsubscribe?.()
    joined.timer.cancel()
    clocks.delete(delayMs)
  }
}

export function useTextAtPause(delayMs: number = TEXT_PAUSE_MS): TextAtPause {
  const [text, setText] = useState(currentText)
  useEffect(() => {
    const catchUp = () => {
      const now = currentText()
      setText((shown) => (shown.pitch === now.pitch && shown.customFields === now.customFields ? shown : now))
    }
    const leave = joinClock(delayMs, catchUp)
    // Anything that changed between the first render and now.
    catchUp()
    return leave
  }, [delayMs])
  return text
}
