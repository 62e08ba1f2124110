/**
 * How much of the editor screen the pitch gets: the side column open or collapsed to a rail of
 * its tab names (remembered on this machine, like the theme, so a writer who prefers the room
 * keeps it from one draft to the next), and focus mode, where only the pitch is on screen (never
 * remembered: a draft that opens with everything hidden would look broken).
 */
import { createStore } from '../store'

const REMEMBERED = 'grant-desk.editor-side-collapsed'

export interface EditorLayoutState {
  sideCollapsed: boolean
  focusMode: boolean
  setSideCollapsed: (collapsed: boolean) => void
  setFocusMode: (on: boolean) => void
}

function rememberedCollapsed(): boolean {
  try {
    return localStorage.getItem(REMEMBERED) === 'true'
  } catch {
    return false // storage can be off: the column starts open
  }
}

export const useEditorLayout = createStore<EditorLayoutState>((set) => ({
  sideCollapsed: rememberedCollapsed(),
  focusMode: false,
  setSideCollapsed: (sideCollapsed) => {
    set({ sideCollapsed })
    try {
      localStorage.setItem(REMEMBERED, String(sideCollapsed))
    } catch {
      // Not remembered: the next draft opens with the column open.
    }
  },
  setFocusMode: (focusMode) => set({ focusMode }),
}))
