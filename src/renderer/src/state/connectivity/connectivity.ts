/**
 * Whether the grant service answers, as the core last saw it (its `connectivity` event), so
 * every screen can say "offline" the same way. Unknown until the first call or event.
 */
import { createStore } from '../store'
import { onEvent } from '../../lib/bridge'

interface Wait {
  operation: string
  /** When the wait ends, ms since epoch. */
  until: number
}

interface ConnectivityState {
  online: boolean | null
  since: number | null
  /**
   * Every wait the service asked for that is still going on: two actions (the list and a grant)
   * can be waiting at once, and the end of one must not hide the other's countdown.
   */
  waits: Wait[]
  /** The wait that ends last (the one the banner counts down): when it ends (ms since epoch), and for what. */
  waitingUntil: number | null
  waitingFor: string | null
}

export const useConnectivity = createStore<ConnectivityState>(() => ({ online: null, since: null, waits: [], waitingUntil: null, waitingFor: null }))

/**
 * A wait whose end the core never reported (an event lost while the browser host's stream
 * reconnected) is forgotten this long after it should have ended: the core ends every wait
 * itself when it tries again, so nothing real lasts that long.
 */
export const STALE_WAIT_MS = 10_000

const WAITING_FOR: Record<string, string> = {
  login: 'logging you in',
  list: 'fetching the grant list',
  grant: 'fetching the grant',
  apply: 'sending your application',
  feedback: 'sending your report',
}

/** The core's `service.waiting`: `seconds > 0` starts a wait for `operation`, `0` ends the oldest one of it. */
export function setWaiting(seconds: number, operation: string): void {
  const now = Date.now()
  const waits = useConnectivity.getState().waits.filter((wait) => now - wait.until < STALE_WAIT_MS)
  if (seconds > 0) {
    waits.push({ operation, until: now + seconds * 1000 })
  } else {
    const ended = waits.findIndex((wait) => wait.operation === operation)
    if (ended >= 0) waits.splice(ended, 1)
  }
  const last = waits.reduce<Wait | null>((latest, wait) => (latest === null || wait.until > latest.until ? wait : latest), null)
  useConnectivity.setState({ waits, waitingUntil: last?.until ?? null, waitingFor: last === null ? null : (WAITING_FOR[last.operation] ?? null) })
}

export function setOnline(online: boolean): void {
  if (useConnectivity.getState().online !== online) useConnectivity.setState({ online, since: Date.now() })
}

/** Follows the core's events; the re-checks while offline start beside it (recheck.ts). */
export function followCoreEvents(): () => void {
  const stops = [
    onEvent('connectivity', ({ online }) => setOnline(online)),
    onEvent('service.waiting', ({ seconds, operation }) => setWaiting(seconds, operation)),
  ]
  return () => stops.forEach((stop) => stop())
}
