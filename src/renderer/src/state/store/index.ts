/**
 * state/store: how a store is made: createStore (the one door to zustand, store.ts says why) and
 * the newest-request guard that keeps a slow, older answer from overwriting a newer one. Pure:
 * no DOM, no bridge, so the stores the node tests build (editorStore, historyStore) can use it.
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { latestRequest, newestShown } from './requests'
export { createStore } from './store'
export type { GetState, SetState, Store } from './store'
