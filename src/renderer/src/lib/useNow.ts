/**
 * The current time for deadline texts, moving on once a minute so "closes in 5 minutes" and
 * "closing soon" stay true while the screen is open. A fixed `now` (tests) stops the clock.
 */
import { useEffect, useState } from 'react'

export function useNow(fixed?: number, everyMs = 60_000): number {
  const [now, setNow] = useState(() => fixed ?? Date.now())
  useEffect(() => {
    if (fixed !== undefined) return
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [fixed, everyMs])
  return fixed ?? now
}
