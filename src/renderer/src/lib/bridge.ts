/**
 * The renderer's one way to ask the core something: `call('drafts.save', input)` goes through
 * `window.grantDesk` (Electron's preload or the browser host's bridge) and answers with the
 * contract's `IpcResult`, never a throw.
 *
 * When the credentials stop working mid-action (`session_expired`, or `unauthorized` for an
 * action that needs a login), the login dialog opens over the current screen; once the
 * applicant has logged in, the same call is made again and its answer returned, so the action
 * resumes where it stopped. Cancelling the dialog returns the original failure.
 */
import type { ChannelInput, ChannelOutput, IpcChannel, IpcEvent, IpcEventPayload, IpcResult } from '../../../shared/ipc'

type Method = (input?: unknown) => Promise<IpcResult<unknown>>

/** Channels whose `unauthorized` means "log in first" rather than "wrong email or password". */
const NEEDS_LOGIN: ReadonlySet<IpcChannel> = new Set(['applications.submit', 'feedback.send'])

/** Set by the session feature: opens the login dialog and resolves true once logged in. */
let loginPrompt: ((reason: string) => Promise<boolean>) | null = null

export function setLoginPrompt(prompt: ((reason: string) => Promise<boolean>) | null): void {
  loginPrompt = prompt
}

function bridge(): typeof window.grantDesk | undefined {
  // Typed as always present, but a preload that failed to run leaves it out.
  return (window as Partial<Window>).grantDesk
}

export function bridgeMissing(): boolean {
  return bridge() === undefined
}

async function invoke<C extends IpcChannel>(channel: C, input: unknown): Promise<IpcResult<ChannelOutput<C>>> {
  const api = bridge()
  if (!api) {
    return {
      ok: false,
      error: { code: 'server_error', message: 'Grant Desk’s bridge to its main process did not load. Restart the app; your drafts are kept on disk.' },
    }
  }
  const [namespace, method] = channel.split('.') as [string, string]
  const fn = (api as unknown as Record<string, Record<string, Method>>)[namespace]?.[method]
  if (!fn) return { ok: false, error: { code: 'invalid_input', message: `Grant Desk has no action called “${channel}”.` } }
  try {
    return (await fn(input)) as IpcResult<ChannelOutput<C>>
  } catch (error) {
    // The transport itself failed (the app's own back end went away, not the grant service):
    // say so, and what to do, instead of crashing a screen or calling it "offline".
    return {
      ok: false,
      error: {
        code: 'server_error',
        message: `Grant Desk could not reach its own main process (${error instanceof Error ? error.message : String(error)}). Restart the app; your drafts are kept on disk.`,
      },
    }
  }
}

export async function call<C extends IpcChannel>(
  channel: C,
  ...input: undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]
): Promise<IpcResult<ChannelOutput<C>>> {
  const first = await invoke(channel, input[0])
  if (first.ok || !loginPrompt) return first
  const needsLogin = first.error.code === 'session_expired' || (first.error.code === 'unauthorized' && NEEDS_LOGIN.has(channel))
  if (!needsLogin) return first
  const loggedIn = await loginPrompt(first.error.message)
  return loggedIn ? invoke(channel, input[0]) : first
}

/** Subscribes to a main → renderer event; returns the unsubscribe function. */
export function onEvent<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void {
  const api = bridge()
  if (!api) return () => {}
  return api.on(event, listener)
}
