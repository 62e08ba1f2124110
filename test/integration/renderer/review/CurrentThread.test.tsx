// @vitest-environment jsdom
/**
 * The thread the text points at (a click on its passage in the pitch) is outlined in the Review
 * panel, and is `aria-current`, so a screen reader is told which thread it is; only one is.
 */
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openThreadCard } from '../../../../src/renderer/src/features/review'
import { ReviewPanel } from '../../../../src/renderer/src/features/review/ReviewPanel'
import { useReview } from '../../../../src/renderer/src/state/review'
import { type Harness, quoteAt, startHarness } from './harness'

const PITCH = '# Fast tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.'

function quote(exact: string) {
  const start = PITCH.indexOf(exact)
  return quoteAt(PITCH, start, start + exact.length)
}

// jsdom has no CSS.escape; the cards are found by a selector built with it. Thread ids are plain.
if (typeof CSS === 'undefined') Object.defineProperty(globalThis, 'CSS', { value: { escape: (value: string) => value }, configurable: true })

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

describe('the current thread', () => {
  it('is aria-current, and only it', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const draftId = harness.draft.id
    await ben.call('reviews.addThread', { draftId, anchor: { target: 'pitch', quote: quote('fast tools for grant writers') }, body: 'Who?' })
    const data = await ben.call('reviews.addThread', { draftId, anchor: { target: 'pitch', quote: quote('10,000 USDC') }, body: 'Enough?' })
    await act(() => useReview.getState().refresh())
    render(<ReviewPanel />)
    const first = data.threads.find((thread) => thread.body === 'Who?')!.id
    const second = data.threads.find((thread) => thread.body === 'Enough?')!.id

    act(() => openThreadCard(first, false))
    expect(screen.getByTestId(`thread-${first}`).getAttribute('aria-current')).toBe('true')
    act(() => openThreadCard(second, false))
    expect(screen.getByTestId(`thread-${second}`).getAttribute('aria-current')).toBe('true')
    expect(screen.getByTestId(`thread-${first}`).hasAttribute('aria-current')).toBe(false)
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1)
  })
})
