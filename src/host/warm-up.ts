/**
 * The calls the app's page makes as it opens, made once by the host as soon as it listens,
 * while the browser is still starting (a second or so on a 2-core machine). The first run of
 * each in a new process pays for what later runs find ready: loading the fetch machinery and
 * opening the connection to the grant service, reading the data folder and the drafts folder,
 * compiling the contract's checks. Made by the page itself, those costs came on top of each
 * other on the way to the grant list (the list answered in 200–500 ms); made here, the page's
 * calls find them paid (20–30 ms). The second wave's answers are dropped (failures too: the page's own calls
 * meet them and say what to do), and nothing is asked that the page would not ask a moment
 * later. The page's first grant list and session are the warm-up's own answers (the host's
 * first-screen turn, first-screen.ts); the second wave's lists reach the grant service twice.
 *
 * The page asks in two waves (src/renderer/src/state/app/firstScreen.ts): the grant list and the
 * session first, everything else once the list has shown. The warm-up keeps that order, so that
 * a browser quicker than the warm-up finds the host busy with the list's call, not the others.
 *
 * `test/e2e/warm-up.spec.ts` checks that these lists are what the page asks for until its grant
 * list shows and just after, so that a change to the page's first calls is noticed here.
 */
import type { ChannelInput, IpcChannel } from '../shared/ipc'
import type { Core } from '../main/core/core'

type Call = { [C in IpcChannel]: readonly [C, ChannelInput<C>] }[IpcChannel]

/** What the page asks until its grant list shows: the list with its default filters (GrantBrowser), and the session (App.tsx). */
export const FIRST_CALLS: readonly Call[] = [
  ['grants.list', { status: 'open' }],
  ['session.status', undefined],
]

/** What the page asks once the grant list has shown (everything that waits for `afterFirstScreen`). */
export const THEN_CALLS: readonly Call[] = [
  ['settings.get', undefined],
  ['savedSearches.list', undefined],
  ['reminders.list', undefined],
  // The Draft and Applied marks on the rows, and their grant-or-bounty chips.
  ['drafts.list', undefined],
  ['applications.list', undefined],
  ['grants.list', { status: 'all', type: 'bounty' }],
  // The status line's team sync (whether the drafts folder is in git) and the threads not seen yet.
  ['sync.state', undefined],
  ['sync.news', undefined],
]

/**
 * Makes the page's first calls once, then the ones after; settles when all have answered. Never
 * rejects. The second wave waits for `after` too (the host passes its first screen's turn,
 * first-screen.ts): made while the page waited for its list, it slowed the list's answer.
 */
export async function warmUp(core: Pick<Core, 'dispatch'>, after: Promise<unknown> = Promise.resolve()): Promise<void> {
  await Promise.allSettled(FIRST_CALLS.map(([channel, input]) => core.dispatch(channel, input)))
  await after.catch(() => undefined)
  await Promise.allSettled(THEN_CALLS.map(([channel, input]) => core.dispatch(channel, input)))
}
