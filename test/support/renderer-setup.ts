/**
 * Setup of the test projects. In a renderer component's test (jsdom): unmount what a test
 * rendered, so the next test starts from an empty document. A component rendered on its own is
 * past the app's start: what waits for the first screen (src/renderer/src/state/app/firstScreen.ts)
 * runs at once, as it does once the app's first screen has shown
 * (test/unit/renderer/state/app/firstScreen.test.ts covers the start itself, on a fresh copy of that
 * module). Node tests share the projects and load none of it. The module itself, not state/app's
 * index.ts: the index would load the navigation store into every test file's first moment, which
 * made a sync test fail by order under `--no-isolate`.
 */
import { afterEach } from 'vitest'

if (typeof window !== 'undefined') {
  const [{ cleanup }, { firstScreenShown }] = await Promise.all([import('@testing-library/react'), import('../../src/renderer/src/state/app/firstScreen')])
  firstScreenShown()
  afterEach(() => {
    cleanup()
  })
}
