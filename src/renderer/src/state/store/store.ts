/**
 * The renderer's one door to its state library (zustand), as Excalidraw keeps jotai behind
 * a module of its own (`editor-jotai`): every store is made here, and the lint rules forbid importing zustand
 * anywhere else. So a change of library, or of how stores are made (devtools, a middleware),
 * is a change to this file alone.
 *
 * A store is a React hook (`useGrants((state) => state.result)`) with `getState()` for code
 * outside React. `setState` is for the store's own module (and for tests that arrange a
 * screen): another store or a component changes a store only through its actions, which the
 * lint rule `local/no-foreign-set-state` enforces.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand'

export type Store<T> = UseBoundStore<StoreApi<T>>

/** The store's `setState` and `getState`, as its initializer gets them. */
export type SetState<T> = StoreApi<T>['setState']
export type GetState<T> = StoreApi<T>['getState']

/** A store whose first state (actions included) `initializer` builds. */
export function createStore<T>(initializer: (set: SetState<T>, get: GetState<T>) => T): Store<T> {
  return create<T>()((set, get) => initializer(set, get))
}
