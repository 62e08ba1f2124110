/**
 * Setup of the renderer's component tests (jsdom): unmount what a test rendered, so the next
 * test starts from an empty document.
 */
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
})
