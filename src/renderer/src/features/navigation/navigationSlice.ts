/**
 * Which screen is shown. A desktop app has no address bar, so routes are plain state; `back`
 * returns to where the applicant came from (detail → list keeps the list's filters, which live
 * in the grants slice).
 */
import { create } from 'zustand'

export type Route =
  | { name: 'welcome' }
  | { name: 'grants' }
  | { name: 'grant'; id: string }
  | { name: 'drafts' }
  | { name: 'draft'; id: string }
  | { name: 'applications' }
  | { name: 'settings' }
  | { name: 'feedback' }

interface NavigationState {
  route: Route
  history: Route[]
  go(route: Route): void
  back(): void
}

export const useNavigation = create<NavigationState>((set) => ({
  route: { name: 'grants' },
  history: [],
  go: (route) => set((state) => ({ route, history: [...state.history.slice(-20), state.route] })),
  back: () =>
    set((state) => {
      const previous = state.history.at(-1)
      return previous ? { route: previous, history: state.history.slice(0, -1) } : state
    }),
}))

export function go(route: Route): void {
  useNavigation.getState().go(route)
}
