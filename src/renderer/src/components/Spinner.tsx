/**
 * Progress for a network action, shown only once it has taken 300 ms: a quick answer paints
 * nothing, so the screen does not flicker; a slow one shows a turning ring and its words.
 */
import { useEffect, useState } from 'react'

/** How long an action may take before it shows progress. */
export const SPINNER_DELAY_MS = 300

/** True once `active` has been true for `delay` ms in a row. */
export function useDelayed(active: boolean, delay = SPINNER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setShown(true), delay)
    // Hidden again once inactive, so the next activity waits its delay too.
    return () => {
      clearTimeout(timer)
      setShown(false)
    }
  }, [active, delay])
  return active && shown
}

/**
 * The ring alone, inside a button whose own text already says what is happening ("Logging
 * in…"): decoration for the eye, hidden from screen readers, after the delay.
 */
export function BusyMark({ busy }: { busy: boolean }) {
  return useDelayed(busy) ? <span className="spinner" aria-hidden="true" /> : null
}

/**
 * A live status with a spinner and `label`. The status element is there from the start (a
 * live region must exist before its text changes to be read out); its content waits `delay`.
 */
export function Spinner({ label, delay = SPINNER_DELAY_MS, className }: { label: string; delay?: number; className?: string }) {
  const shown = useDelayed(true, delay)
  return (
    <span className={`spinner-status${className ? ` ${className}` : ''}`} role="status" aria-live="polite" aria-busy="true">
      {shown && (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{label}</span>
        </>
      )}
    </span>
  )
}

/**
 * Grey rows in the shape of the grant list while it loads (after the same delay), under a
 * `Loading` line that says it in words: the rows are for the eye only.
 */
export function SkeletonList({ rows = 6 }: { rows?: number }) {
  const shown = useDelayed(true)
  if (!shown) return null
  return (
    <div className="skeleton-list" aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <div className="skeleton-row" key={index}>
          <span className="skeleton-block skeleton-avatar" />
          <span className="skeleton-lines">
            <span className="skeleton-block" style={{ width: `${55 - (index % 3) * 10}%`, height: '0.9rem' }} />
            <span className="skeleton-block" style={{ width: `${30 + (index % 2) * 12}%`, height: '0.7rem' }} />
          </span>
          <span className="skeleton-block" style={{ width: '6rem', height: '0.9rem' }} />
        </div>
      ))}
    </div>
  )
}
