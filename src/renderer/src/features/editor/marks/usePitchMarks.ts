/**
 * The marks the editor draws in the pitch: the review's open threads and the checklist's
 * findings, both placed in the text of the last pause in typing. The findings come from the
 * checklist's worker a little later than the pause: they are placed in the text they were
 * placed by line and column in the text of the latest pause, so until the new result arrives
 * (a few milliseconds) they sit where those lines and columns are now.
 */
import { useMemo } from 'react'
import { type MarkSet, type PitchMark, findingMarks } from '../../../lib/pitchMarks'
import { showSideTabNow, useEditorSide } from '../../../state/editor/editorSide'
import { markCurrent, openThreadCard, useThreadMarks } from '../../review'

export function usePitchMarks(): MarkSet {
  const threads = useThreadMarks()
  const checklist = useEditorSide((s) => s.checklist)
  return useMemo(() => ({ text: threads.text, marks: [...threads.marks, ...findingMarks(checklist, threads.text)] }), [threads, checklist])
}

/** Opens a mark's thread (Review tab) or finding (Checklist tab); `focus`: move focus there. */
export function openMark(mark: PitchMark, focus: boolean): void {
  if (mark.id.startsWith('thread:')) {
    openThreadCard(mark.id.slice('thread:'.length), focus)
    return
  }
  showSideTabNow('checklist')
  const button = document.querySelector<HTMLElement>(`[data-finding="${CSS.escape(mark.id)}"]`)
  if (!button) return
  // A finding inside a closed group: the group opens to show it.
  const group = button.closest('details')
  if (group && !group.open) group.open = true
  markCurrent(button)
  button.scrollIntoView?.({ block: 'nearest' })
  if (focus) button.focus()
}
