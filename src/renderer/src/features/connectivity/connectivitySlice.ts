/**
 * Whether the grant service answers, as the core last saw it (its `connectivity` event), so
 * every screen can say "offline" the same way. Unknown until the first call or event.
 */
import { create } from 'zustand'
import { onEvent } from '../../lib/bridge'

interface ConnectivityState {
  online: boolean | null
  since: number | null
}

export const useConnectivity = create<ConnectivityState>(() => ({ online: null, since: null }))

export function setOnline(online: boolean): void {
  if (useConnectivity.getState().online !== online) useConnectivity.setState({ online, since: Date.now() })
}

export function startConnectivity(): () => void {
  return onEvent('connectivity', ({ online }) => setOnline(online))
}
