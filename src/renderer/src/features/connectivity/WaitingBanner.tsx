/**
 * While the grant service has asked Grant Desk to wait before trying again (Retry-After), a
 * countdown, so the applicant sees why nothing happens yet and for how long. The core bounds
 * the whole action (20 s), so this never counts down for longer than that.
 */
import { useLayoutEffect, useState } from 'react'
import { STALE_WAIT_MS, useConnectivity } from '../../state/connectivity/connectivity'

export function WaitingBanner() {
  const until = useConnectivity((s) => s.waitingUntil)
  const what = useConnectivity((s) => s.waitingFor)
  const [now, setNow] = useState(() => Date.now())
  // Before paint: a new wait is never shown counted from the time of an earlier render.
  useLayoutEffect(() => {
    if (until === null) return
    // The clock is read here, before paint, on purpose (see above).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [until])
  // The core ends a wait when it tries again; one whose end never came is not shown for ever.
  if (until === null || now - until >= STALE_WAIT_MS) return null
  const seconds = Math.max(0, Math.ceil((until - now) / 1000))
  return (
    <div className="banner banner-offline" role="status" aria-live="polite" data-testid="waiting-banner">
      The grant service asked Grant Desk to wait{what ? ` before ${what}` : ''} — {seconds > 0 ? `trying again in ${seconds} s` : 'trying again now'}. Your work
      is kept.
    </div>
  )
}
