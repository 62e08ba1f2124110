// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Loading } from '../../../../src/renderer/src/components/ErrorNotice'
import { BusyMark, SPINNER_DELAY_MS, SkeletonList, Spinner } from '../../../../src/renderer/src/components/Spinner'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const ring = (container: HTMLElement) => container.querySelector('.spinner')

describe('Spinner', () => {
  it('keeps its live region from the start and shows the ring and words only after 300 ms', () => {
    const { container } = render(<Spinner label="Loading grants…" />)
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-busy')).toBe('true')
    expect(status.textContent).toBe('')
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1))
    expect(ring(container)).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(ring(container)).not.toBeNull()
    expect(status.textContent).toBe('Loading grants…')
  })
})

describe('Loading', () => {
  it('says what is happening at once and adds the ring once it has taken 300 ms', () => {
    const { container } = render(<Loading label="Checking your draft…" />)
    expect(screen.getByRole('status').textContent).toBe('Checking your draft…')
    expect(ring(container)).toBeNull()
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS))
    expect(ring(container)?.getAttribute('aria-hidden')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('Checking your draft…')
  })
})

describe('BusyMark', () => {
  it('shows nothing for a quick action, a hidden ring for a slow one, and goes when the action ends', () => {
    const { container, rerender } = render(<BusyMark busy />)
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 50))
    expect(ring(container)).toBeNull()
    act(() => vi.advanceTimersByTime(50))
    expect(ring(container)).not.toBeNull()
    rerender(<BusyMark busy={false} />)
    expect(ring(container)).toBeNull()
    // A new action waits its own 300 ms.
    rerender(<BusyMark busy />)
    expect(ring(container)).toBeNull()
  })
})

describe('SkeletonList', () => {
  it('draws placeholder rows, hidden from screen readers, after the delay', () => {
    const { container } = render(<SkeletonList rows={4} />)
    expect(container.querySelector('[data-testid="skeleton"]')).toBeNull()
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS))
    const skeleton = container.querySelector('[data-testid="skeleton"]')!
    expect(skeleton.getAttribute('aria-hidden')).toBe('true')
    expect(skeleton.querySelectorAll('.skeleton-row')).toHaveLength(4)
  })
})
