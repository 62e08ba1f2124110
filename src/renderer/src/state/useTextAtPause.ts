/**
 * The pitch and fields as they were at the last pause in typing: for the work on the screen
 * that need not follow every keystroke and costs something on a long pitch (the checklist,
 * where the review's threads are, the reviewers' verdicts).
 *
 * The store holds every keystroke at once (a save always sends what is on screen); this hook
 * follows it outside React, so a keystroke renders nothing here and a pause renders once.
 */
import { useEffect, useState } from 'react'
import { useEditor } from './editor'

/** How long typing must stop before the text counts as paused. */
export const TEXT_PAUSE_MS = 250

export interface TextAtPause {
  pitch: string
  customFields: Record<string, string>
}

function current(): TextAtPause {
  const { pitch, customFields } = useEditor.getState()
  return { pitch, customFields }
}

export function useTextAtPause(delayMs: number = TEXT_PAUSE_MS): TextAtPause {
  const [text, setText] = useState(current)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const catchUp = () => {
      timer = null
      const now = current()
      setText((shown) => (shown.pitch === now.pitch && shown.customFields === now.customFields ? shown : now))
    }
    const stop = useEditor.subscribe((state, previous) => {
      if (state.pitch === previous.pitch && state.customFields === previous.customFields) return
      if (timer !== null) clearTimeout(timer)
      timer = setTimeout(catchUp, delayMs)
    })
    // Anything that changed between the first render and now.
    catchUp()
    return () => {
      stop()
      if (timer !== null) clearTimeout(timer)
    }
  }, [delayMs])
  return text
}
