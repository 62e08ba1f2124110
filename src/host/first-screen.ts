/**
 * The page's first screen, as the browser host sees it: the grant list is what an applicant waits
 * for as the app opens, and the host's one process serves it. What the start can do later (the
 * drafts folder's watcher, the reminders' first check, which reads every draft, the timers, the
 * warm-up's second wave: see core.ts's `backgroundAfter` and warm-up.ts) waits for this turn, so
 * that it does not run between the host's launch and the list's answer.
 *
 * The turn ends at the first of: the page's first live grant list answered (not the saved copy it shows meanwhile); a call the grant list's
 * screen does not make before its rows show (another first screen: the welcome, a draft restored
 * from the address; or the calls that follow the rows, src/renderer/src/state/app/firstScreen.ts);
 * or `waitMs` after the host listens (nobody opened the page, or it is slow).
 *
 * The warm-up's first calls (warm-up.ts), made as the host listens, are the page's own: until the
 * turn ends, the page's first call of each gets the warm-up's answer (waited for if it is still
 * coming) instead of asking the grant service again while the applicant waits.
 */
import type { Core } from '../main/core/core'
import type { IpcResult } from '../shared/ipc'
import { FIRST_CALLS } from './warm-up'

/** As long as the page's own wait for its first screen (src/renderer/src/state/app/firstScreen.ts). */
export const FIRST_SCREEN_WAIT_MS = 3_000

const FIRST_CHANNELS = new Set<string>(FIRST_CALLS.map(([channel]) => channel))

/** Whether a `grants.list` input asks for the saved copy the page shows while its live list loads (before the contract's check). */
export function asksSavedCopy(input: unknown): boolean {
  return typeof input === 'object' && input !== null && (input as { saved?: unknown }).saved === true
}

/** Answers a `grants.list` input that asks for the saved copy, or null to leave it to the core (src/host/saved-list.ts). */
export type SavedListReader = (input: unknown) => Promise<IpcResult<unknown> | null>

export interface FirstScreenTurn {
  /** Settles once the first screen had its turn (never rejects). */
  readonly over: Promise<void>
  /**
   * `core` with its calls watched: what the host serves the page with. With `savedList`, the saved
   * grant list is answered by it (on the host's main thread, while the core may still be loading).
   */
  watch(core: Pick<Core, 'dispatch' | 'subscribe'>, savedList?: SavedListReader): Pick<Core, 'dispatch' | 'subscribe'>
  /** `core` for the warm-up: its answers until the turn ends are kept for the page's same calls. */
  warming(core: Pick<Core, 'dispatch'>): Pick<Core, 'dispatch'>
  /** Starts the fallback wait: from when the host listens. */
  startClock(): void
}

export function firstScreenTurn(waitMs = FIRST_SCREEN_WAIT_MS): FirstScreenTurn {
  let end = () => {}
  const over = new Promise<void>((resolve) => (end = resolve))
  let timer: NodeJS.Timeout | null = null
  let ended = false
  /** The warm-up's answers not taken by the page yet, by call. */
  const warmed = new Map<string, ReturnType<Core['dispatch']>>()
  const callKey = (channel: string, input: unknown) => `${channel} ${JSON.stringify(input ?? null)}`
  const finish = () => {
    if (timer) clearTimeout(timer)
    ended = true
    warmed.clear()
    end()
  }
  return {
    over,
    watch: (core, savedList) => ({
      subscribe: (listener) => core.subscribe(listener),
      dispatch: (channel, input) => {
        if (savedList && channel === 'grants.list' && asksSavedCopy(input)) {
          return savedList(input).then((answer) => answer ?? core.dispatch(channel, input))
        }
        if (!FIRST_CHANNELS.has(channel)) finish()
        const key = callKey(channel, input)
        const answer = warmed.get(key) ?? core.dispatch(channel, input)
        warmed.delete(key)
        // The saved copy the page shows while its live list loads (grants.list's `saved`) is not the list it waits for.
        if (channel === 'grants.list' && !asksSavedCopy(input)) void answer.then(finish, finish)
        return answer
      },
    }),
    warming: (core) => ({
      dispatch: (channel, input) => {
        const answer = core.dispatch(channel, input)
        if (!ended && FIRST_CHANNELS.has(channel)) warmed.set(callKey(channel, input), answer)
        return answer
      },
    }),
    startClock: () => {
      timer ??= setTimeout(finish, waitMs)
      timer.unref()
    },
  }
}
