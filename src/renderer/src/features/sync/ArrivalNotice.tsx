/**
 * What a pull brought from teammates, said once and quietly: a note at the foot of the window
 * ("Ben: 3 comments on Polar…, approved Arcadia…"), never a dialog, that goes by itself after
 * a while or at Dismiss. The threads it brought are marked "new" in the Review panel.
 */
import { useEffect } from 'react'
import { useSync } from '../../state/sync/sync'

/** Long enough to read it after a glance away; the "new" marks stay until seen. */
const SHOWN_MS = 60_000

export function ArrivalNotice() {
  const arrival = useSync((s) => s.arrival)
  const dismiss = useSync((s) => s.dismissArrival)
  useEffect(() => {
    if (!arrival) return
    const timer = window.setTimeout(dismiss, SHOWN_MS)
    return () => window.clearTimeout(timer)
  }, [arrival, dismiss])
  return (
    <div className="sync-arrival-region" role="status" aria-live="polite">
      {arrival && (
        <div className="sync-arrival" data-testid="sync-arrival">
          <p>
            <strong>From your team:</strong> {arrival.text}
          </p>
          <button type="button" className="link" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  )
}
