/**
 * What the renderer's integration tests use of test/support (core.ts, service.ts, git-team.ts).
 * Those modules, and the core and sandbox behind them, are Node code outside the renderer's
 * TypeScript project: they are loaded at run time by a path the type checker does not follow,
 * and typed here by what is used. A test adds what else it uses to the type it loads them as.
 */
import type { ChannelInput, ChannelOutput, IpcChannel, IpcEvent, IpcResult } from '../../../src/shared/ipc'

/** A real core (test/support/core.ts's startTestCore): the page's calls go through its `dispatch`. */
export interface TestCore {
  core: {
    dispatch(channel: IpcChannel, input: unknown): Promise<IpcResult<unknown>>
    subscribe(listener: (event: IpcEvent, payload: unknown) => void): () => void
  }
  call<C extends IpcChannel>(channel: C, ...input: undefined extends ChannelInput<C> ? [ChannelInput<C>?] : [ChannelInput<C>]): Promise<ChannelOutput<C>>
  dispose(): Promise<void>
}

/** The sandbox grant service (test/support/service.ts's startTestService). */
export interface TestService {
  url: string
  dispose(): Promise<void>
}

/** What every such test uses: a core, the sandbox and its fixture. */
export interface SupportBase {
  startTestCore(options: { serviceUrl: string; env?: Record<string, string> }): Promise<TestCore>
  startTestService(options: { fixture: unknown }): Promise<TestService>
  testFixture(): unknown
}

const MODULES = { core: '../../support/core', service: '../../support/service', 'git-team': '../../support/git-team' }

/** Loads test/support's `modules` as one object, typed as the test uses it. */
export async function loadSupport<S extends SupportBase>(modules: readonly (keyof typeof MODULES)[] = ['core', 'service']): Promise<S> {
  const loaded = await Promise.all(modules.map((name) => import(/* @vite-ignore */ MODULES[name]) as Promise<object>))
  return Object.assign({}, ...loaded) as S
}
