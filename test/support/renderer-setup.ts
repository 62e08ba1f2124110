/**
 * Setup of the renderer's component tests (jsdom): unmount what a test rendered, so the next
 * test starts from an empty document. A component rendered on its own is past the app's start:
 * what waits for the first screen (src/renderer/src/state/firstScreen.ts) runs at once, as it
 * does once the app's first screen has shown (test/unit/renderer/state/firstScreen.test.ts
 * covers the start itself, on a fresh copy of that module).
 */
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { firstScreenShown } from '../../src/renderer/src/state/firstScreen'

firstScreenShown()

afterEach(() => {
  cleanup()
})
