/**
 * What the editor screen shows beside the text: which tab of the side column is open
 * (Checklist, Fields, Review, History) and the checklist's latest result, which the bar above
 * the editor and the Checklist tab both show. A store of its own, so that a new result renders
 * those two and nothing else.
 */
import { flushSync } from 'react-dom'
import { createStore } from '../store'
import { useNavigation } from '../app'
import { useEditorLayout } from './editorLayout'
import type { LintResult } from '../../../../shared/checklist'

export const SIDE_TABS = ['checklist', 'fields', 'review', 'history'] as const
export type SideTab = (typeof SIDE_TABS)[number]

export interface EditorSideState {
  tab: SideTab
  /** The checklist of the pitch and fields as of the last pause in typing; null while the first check runs. */
  checklist: LintResult | null
  /** Opens a tab, and writes it into the address (`#/draft/<id>?tab=review`) so that a reload keeps it. */
  showTab: (tab: SideTab) => void
  /** The editor screen opened: its tab is the one the address names, else the Checklist. */
  startFromRoute: () => void
  showChecklist: (checklist: LintResult | null) => void
  /** The editor screen closed: the next one starts on the Checklist tab, with no result yet. */
  reset: () => void
}

export const useEditorSide = createStore<EditorSideState>((set) => ({
  tab: 'checklist',
  checklist: null,
  showTab: (tab) => {
    set({ tab })
    if (useNavigation.getState().route.name === 'draft') useNavigation.getState().setTab(tab)
  },
  startFromRoute: () => {
    const named = useNavigation.getState().tab
    set({ tab: isSideTab(named) ? named : 'checklist' })
  },
  showChecklist: (checklist) => set({ checklist }),
  reset: () => set({ checklist: null, tab: 'checklist' }),
}))

function isSideTab(value: string | null): value is SideTab {
  return value !== null && (SIDE_TABS as readonly string[]).includes(value)
}

/**
 * Opens the tab that holds `element` (a thread's card, a field), at once: focus can only move
 * into it once it is on screen. Does nothing for an element outside the side column.
 */
export function revealInSide(element: Element): void {
  const panel = element.closest<HTMLElement>('[data-side-tab]')
  const tab = panel?.dataset['sideTab']
  if (tab !== undefined && isSideTab(tab)) showSideTabNow(tab)
}

/** Opens a tab and renders it before returning, so that focus can move into it. */
export function showSideTabNow(tab: SideTab): void {
  // A collapsed column opens again: what is asked for (a field, a thread) is in it.
  const collapsed = useEditorLayout.getState().sideCollapsed
  if (useEditorSide.getState().tab === tab && !collapsed) return
  flushSync(() => {
    if (collapsed) useEditorLayout.getState().setSideCollapsed(false)
    useEditorSide.getState().showTab(tab)
  })
}
