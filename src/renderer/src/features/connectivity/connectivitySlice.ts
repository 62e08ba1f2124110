/**
 * Whether the grant service answers, as the core last saw it (its `connectivity` event), so
 * every screen can say "offline" the same way. Unknown until the first call or event.
 */
import { create } from 'zustand'
import { onEvent } from '../../lib/bridge'

interface ConnectivityState {
  online: boolean | null
  since: number | null
  /** The service asked to wait before the next try: when the wait ends (ms since epoch), and for what. */
  waitingUntil: number | null
  waitingFor: string | null
}

export const useConnectivity = create<ConnectivityState>(() => ({ online: null, since: null, waitingUntil: null, waitingFor: null }))

const WAITING_FOR: Record<string, string> = {
  login: 'logging you in',
  list: 'fetching the grant list',
  grant: 'fetching the grant',
  apply: 'sending your application',
  feedback: 'sending your report',
}

export function setWaiting(seconds: number, operation: string): void {
  useConnectivity.setState(
    seconds > 0 ? { waitingUntil: Date.now() + seconds * 1000, waitingFor: WAITING_FOR[operation] ?? null } : { waitingUntil: null, waitingFor: null },
  )
}

export function setOnline(online: boolean): void {
  if (useConnectivity.getState().online !== online) useConnectivity.setState({ online, since: Date.now() })
}

export function startConnectivity(): () => void {
  const stops = [onEvent('connectivity', ({ online }) => setOnline(online)), onEvent('service.waiting', ({ seconds, operation }) => setWaiting(seconds, operation))]
  return () => stops.forEach((stop) => stop())
}
