/**
 * What PitchEditor shares with the textarea, the preview and the marks' layer, which the
 * library renders: the text, who to tell when it changes, and the marks to draw over it.
 *
 * The box is mutable on purpose: a keystroke updates it without a render
 * (bench/editor-typing.bench.ts measures why), and nothing reads it while rendering.
 */
import { createContext, useContext } from 'react'
import type { MarkSet, PitchMark } from '../../lib/pitchMarks'

export interface PitchBox {
  /** The text the textarea holds (or will, once it is on screen): what it last reported or was given. */
  text: string
  textarea: HTMLTextAreaElement | null
  /** Told of every change of `text`; `typed`: it came from the textarea. */
  listeners: Set<(typed: boolean) => void>
  /** The marks to draw (threads, findings), with the text they were placed in. */
  marks: MarkSet | null
  /** Told when `marks` changes. */
  markListeners: Set<() => void>
  /** Opens a mark's thread or finding in the side panel; `focus`: move focus there too. */
  openMark: (mark: PitchMark, focus: boolean) => void
}

export const PitchBoxContext = createContext<PitchBox | null>(null)

export function usePitchBox(): PitchBox {
  const box = useContext(PitchBoxContext)
  if (!box) throw new Error('Rendered outside PitchEditor')
  return box
}
