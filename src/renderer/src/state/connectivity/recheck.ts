/**
 * While the grant service cannot be reached, asks again on its own — after 2 s, then every 5 s
 * for the first half minute, then after 10 and 30 s and every 60 s from then on (a service back
 * within the first minute is seen within 5 s; a check is one local request) — and at once when the window gets focus or the computer's network
 * comes back (the browser's `online` event), so the offline banner clears without the
 * applicant having to do anything. The answer arrives as the core's `connectivity` event
 * (and from the check itself), which the banner follows.
 */
import { call } from '../../lib/bridge'
import { followCoreEvents, setOnline, useConnectivity } from './connectivity'

export const RECHECK_DELAYS_MS: readonly number[] = [2_000, 5_000, 5_000, 5_000, 5_000, 5_000, 10_000, 30_000, 60_000]

/** One check; resolves to whether the service answered (null: the check itself could not run). */
export type Check = () => Promise<boolean | null>

const checkThroughCore: Check = async () => {
  const result = await call('connectivity.check')
  return result.ok ? result.value.online : null
}

export function startRechecking(check: Check = checkThroughCore): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let attempt = 0
  let running = false
  let stopped = false

  const clear = () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
  }
  const schedule = () => {
    clear()
    if (stopped || useConnectivity.getState().online !== false) return
    const delay = RECHECK_DELAYS_MS[Math.min(attempt, RECHECK_DELAYS_MS.length - 1)]!
    attempt += 1
    timer = setTimeout(() => void checkNow(), delay)
  }
  const checkNow = async () => {
    if (running || stopped) return
    clear()
    running = true
    try {
      const online = await check()
      if (!stopped && online !== null) setOnline(online)
    } finally {
      running = false
    }
    schedule()
  }

  const stopFollowing = useConnectivity.subscribe((state, previous) => {
    if (state.online === previous.online) return
    if (state.online === false) {
      attempt = 0
      schedule()
    } else {
      clear()
    }
  })
  const onWake = () => {
    if (useConnectivity.getState().online === false) void checkNow()
  }
  window.addEventListener('focus', onWake)
  window.addEventListener('online', onWake)
  if (useConnectivity.getState().online === false) schedule()
  recheckNow = onWake

  return () => {
    stopped = true
    clear()
    stopFollowing()
    window.removeEventListener('focus', onWake)
    window.removeEventListener('online', onWake)
    if (recheckNow === onWake) recheckNow = () => {}
  }
}

/** The banner's "Check now": the same check, at once (does nothing unless offline and running). */
export let recheckNow: () => void = () => {}

/** Connectivity for the whole app: the core's events, and the re-checks while offline. */
export function startConnectivity(): () => void {
  const stops = [followCoreEvents(), startRechecking()]
  return () => stops.forEach((stop) => stop())
}
