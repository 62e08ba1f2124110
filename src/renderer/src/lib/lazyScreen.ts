/**
 * A screen whose code is a chunk of its own, loaded when it is first shown (inside the app's
 * `Suspense`), with `preload()` to fetch it earlier. A feature's index.ts exports its heavy
 * screens this way, so that the app's first screen does not wait for their code (the editor
 * and Markdown rendering made the start script a megabyte; see App.tsx). The shell's parts that
 * the first screen does not show (the conflict view, the login dialog, the unsaved-drafts notice)
 * are loaded the same way, after the first screen.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

export type LazyScreen<P> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> }

export function lazyScreen<P>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<ComponentType<P>> | null = null
  // One fetch shared by `preload` and the first render; a failed one is tried again next time.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
  return Object.assign(
    lazy(() => once().then((component) => ({ default: component }))),
    { preload: () => once() },
  )
}
