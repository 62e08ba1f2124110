/**
 * The type of the contract's channels bound to the core's services (each area binds its own in
 * its `handlers.ts`, merged in core.ts), and the one door every call from the renderer comes
 * through: `dispatch` validates the input (a malformed payload is answered
 * with `invalid_input`, the handler never sees it), runs the handler, turns any failure into
 * an `AppError`, and validates the output before it leaves.
 */
import type { z } from 'zod'
import { issueMessages } from '../../shared/api'
import { type ChannelOutput, type IpcChannel, type IpcResult, ipcContract } from '../../shared/ipc'
import { DEFAULT_ACTION_BUDGET_MS, withActionBudget } from './action-budget'
import { AppFailure, type Logger, toAppError } from './errors'

/** The input after validation (defaults applied). */
export type ChannelParsedInput<C extends IpcChannel> = z.output<(typeof ipcContract)[C]['input']>

export type Handlers = {
  [C in IpcChannel]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>
}

export function isChannel(name: unknown): name is IpcChannel {
  return typeof name === 'string' && Object.hasOwn(ipcContract, name)
}

export type Dispatch = (channel: string, input: unknown) => Promise<IpcResult<unknown>>

/** `budgetMs`: the total time the service may take for one action (see action-budget.ts). */
export function createDispatch(handlers: Handlers, log: Logger, options: { budgetMs?: number } = {}): Dispatch {
  const budgetMs = options.budgetMs ?? DEFAULT_ACTION_BUDGET_MS
  return async (channel, input) => {
    if (!isChannel(channel)) {
      return { ok: false, error: { code: 'invalid_input', message: `Grant Desk has no action called “${String(channel)}”.` } }
    }
    const schemas = ipcContract[channel]
    // zod's records drop a `__proto__` key silently; a payload that carries one is refused whole.
    const forbidden = forbiddenKeyPath(input)
    if (forbidden !== null) {
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          message: `That request could not be used: it has a property named “__proto__” (at ${forbidden}).`,
          fields: { [forbidden]: 'must not be named “__proto__”' },
        },
      }
    }
    const parsed = schemas.input.safeParse(input)
    if (!parsed.success) {
      const fields = issueMessages(parsed.error)
      const list = Object.entries(fields)
        .map(([key, message]) => `${key} ${message}`)
        .join('; ')
      return { ok: false, error: { code: 'invalid_input', message: `That request could not be used: ${list}.`, fields } }
    }
    let value: unknown
    try {
      value = await withActionBudget(budgetMs, () => (handlers[channel] as (input: unknown) => Promise<unknown>)(parsed.data))
    } catch (error) {
      return { ok: false, error: toAppError(error, log) }
    }
    const checked = schemas.output.safeParse(value)
    if (!checked.success) {
      // A bug of ours, not of the applicant's: log what was wrong, say what to do.
      log.error(`${channel} produced an answer outside the contract`, issueMessages(checked.error))
      return {
        ok: false,
        error: new AppFailure(
          'bad_response',
          'Grant Desk produced an answer it could not check, so it was not shown. Try again; if it keeps happening, restart the app.',
        ).toAppError(),
      }
    }
    return { ok: true, value: checked.data }
  }
}

/**
 * Where a payload has an own property named `__proto__` (only JSON parsing makes one), or
 * null. Walked without recursion and bounded, so a deeply nested payload cannot exhaust the
 * stack; what lies past the bound is left to the contract, which refuses unknown shapes.
 */
function forbiddenKeyPath(input: unknown): string | null {
  const queue: { value: unknown; path: string }[] = [{ value: input, path: '' }]
  for (let seen = 0; queue.length > 0 && seen < 10_000; seen++) {
    const { value, path } = queue.shift()!
    if (typeof value !== 'object' || value === null) continue
    if (Object.hasOwn(value, '__proto__')) return path === '' ? '__proto__' : `${path}.__proto__`
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'object' && child !== null) queue.push({ value: child, path: path === '' ? key : `${path}.${key}` })
    }
  }
  return null
}
