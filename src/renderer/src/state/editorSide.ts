/**
 * What the editor screen shows beside the text: which tab of the side column is open
 * (Checklist, Fields, Review, History) and the checklist's latest result, which the bar above
 * the editor and the Checklist tab both show. A store of its own, so that a new result renders
 * those two and nothing else.
 */
import { flushSync } from 'react-dom'
import { createStore } from './store'
import type { LintResult } from '../../../shared/checklist'

export const SIDE_TABS = ['checklist', 'fields', 'review', 'history'] as const
export type SideTab = (typeof SIDE_TABS)[number]

export interface EditorSideState {
  tab: SideTab
  /** The checklist of the pitch and fields as of the last pause in typing; null while the first check runs. */
  checklist: LintResult | null
  showTab: (tab: SideTab) => void
  showChecklist: (checklist: LintResult | null) => void
  /** The editor screen closed: the next one starts on the Checklist tab, with no result yet. */
  reset: () => void
}

export const useEditorSide = createStore<EditorSideState>((set) => ({
  tab: 'checklist',
  checklist: null,
  showTab: (tab) => set({ tab }),
  showChecklist: (checklist) => set({ checklist }),
  reset: () => set({ checklist: null, tab: 'checklist' }),
}))

/**
 * Opens the tab that holds `element` (a thread's card, a field), at once: focus can only move
 * into it once it is on screen. Does nothing for an element outside the side column.
 */
export function revealInSide(element: Element): void {
  const panel = element.closest<HTMLElement>('[data-side-tab]')
  const tab = panel?.dataset['sideTab']
  if (tab && (SIDE_TABS as readonly string[]).includes(tab)) showSideTabNow(tab as SideTab)
}

/** Opens a tab and renders it before returning, so that focus can move into it. */
export function showSideTabNow(tab: SideTab): void {
  if (useEditorSide.getState().tab !== tab) flushSync(() => useEditorSide.getState().showTab(tab))
}
