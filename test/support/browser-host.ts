/**
 * The browser host as `npm run start:browser` runs it, for a test: the sandbox with the
 * tests' own fixture, a real core on a temporary data folder pointed at it, and the host on a
 * free port serving a renderer (by default the BUILT one in `out/`) and the bridge.
 */
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Core, createCore } from '../../src/main/core/core'
import type { Logger } from '../../src/main/core/errors'
import type { RefreshTimer } from '../../src/main/core/saved-searches/scheduler'
import { PlainFileSecretStore } from '../../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../../src/main/core/settings'
import { type BrowserHost, startBrowserHost } from '../../src/host/server'
import { firstPaintOf } from '../../src/host/first-paint'
import { DEMO_USERS } from '../../src/service/demo-data'
import type { Fixture } from '../../src/service/fixture'
import { type TestService, startTestService, tempDir, testFixture } from './service'

const PROJECT = fileURLToPath(new URL('../..', import.meta.url))
export const BUILT_RENDERER = join(PROJECT, 'out/renderer')
export const BUILT_BRIDGE = join(PROJECT, 'out/browser/bridge.js')

/** Throws, saying what to run, when the build the host serves is not there. */
export function assertBuilt(): void {
  const missing = [join(BUILT_RENDERER, 'index.html'), BUILT_BRIDGE].filter((file) => !existsSync(file))
  if (missing.length > 0) {
    throw new Error(
      `The browser host serves the built app, and ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. Run \`npm run build\` first (\`npm test\` does).`,
    )
  }
}

export interface HostStack {
  host: BrowserHost
  service: TestService
  core: Core
  dataDir: string
  /** Where the core keeps drafts (the default folder inside `dataDir`). */
  draftsDir: string
  /** The address to open: the host with its token in the fragment. */
  pageUrl: string
  /** What the core logged (warnings and errors), to show when a test fails. */
  logs: string[]
  /** How many event listeners the host holds right now (one per open `/events` stream). */
  eventClients(): number
  dispose(): Promise<void>
}

export interface HostStackOptions {
  rendererDir?: string
  bridgeFile?: string
  token?: string
  /** Makes the host's one-time launch address (as `npm start` does for its app window). */
  launchAddress?: boolean
  /** The sandbox's data (default: the tests' fixture, deadlines relative to now). */
  fixture?: Fixture
  /**
   * Runs the sandbox as the start commands do when GRANT_SERVICE_URL is unset: with its demo
   * data, announced to the core through GRANT_DESK_SANDBOX_URL (no `fixture`, no `route`).
   */
  bundledSandbox?: boolean
  /** Lifetime of the sandbox's access tokens (default an hour); short to test expiry. */
  tokenTtlSeconds?: number
  /** A drafts folder of its own choosing (two hosts on one folder are two teammates on a shared folder). */
  draftsFolder?: string
  /** The reviewer name in Settings (default none: the app asks before the first comment). */
  reviewerName?: string
  /** Puts something between the core and the sandbox (a fault proxy): answers the address the core is to use. */
  route?: (sandboxUrl: string) => Promise<string>
  /** The core's client timings and action budget (defaults: the app's). */
  client?: NonNullable<Parameters<typeof createCore>[0]['client']>
  actionBudgetMs?: number
  /** The timer of the background check for new grants (a test fires it by hand); real timers otherwise. */
  refreshTimer?: RefreshTimer
  /** More of the core's environment: the git a team sync runs (PATH, a HOME and git config of the test's own). */
  env?: Record<string, string>
  /**
   * Places the first paint in the page, as the start commands' host does (src/host/first-paint.ts).
   * Off by default: the other tests find the app's own elements, and the paint's copies of its
   * texts would make a text match ambiguous while it lies over the page.
   */
  firstPaint?: boolean
}

export async function startHostStack(options: HostStackOptions = {}): Promise<HostStack> {
  if (options.rendererDir === undefined) assertBuilt()
  const service = await startTestService({
    ...(options.bundledSandbox ? {} : { fixture: options.fixture ?? testFixture() }),
    ...(options.tokenTtlSeconds !== undefined ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
  })
  const dataDir = tempDir('grant-desk-host-')
  const logs: string[] = []
  const log: Logger = {
    warn: (message, detail) => logs.push(`warn: ${message} ${detail === undefined ? '' : String(detail)}`),
    error: (message, detail) => logs.push(`error: ${message} ${detail === undefined ? '' : String(detail)}`),
  }
  let core: Core | null = null
  try {
    core = await createCore({
      dataDir,
      secrets: new PlainFileSecretStore(join(dataDir, 'credentials.json')),
      settings: await JsonFileSettingsBackend.open(join(dataDir, 'settings.json')),
      env: options.bundledSandbox
        ? {
            GRANT_DESK_SANDBOX_URL: service.url,
            GRANT_DESK_SANDBOX_STARTED_BY: 'npm run start:browser',
            GRANT_DESK_SANDBOX_DEMO_LOGINS: JSON.stringify(DEMO_USERS.map(({ email, password }) => ({ email, password }))),
          }
        : { ...options.env, GRANT_SERVICE_URL: options.route ? await options.route(service.url) : service.url },
      log,
      ...(options.client ? { client: options.client } : {}),
      ...(options.actionBudgetMs !== undefined ? { actionBudgetMs: options.actionBudgetMs } : {}),
      ...(options.refreshTimer ? { refreshTimer: options.refreshTimer } : {}),
    })
    const preset = {
      ...(options.draftsFolder !== undefined ? { draftsFolder: options.draftsFolder } : {}),
      ...(options.reviewerName !== undefined ? { reviewerName: options.reviewerName } : {}),
    }
    const settings = await core.dispatch(
      Object.keys(preset).length > 0 ? 'settings.update' : 'settings.get',
      Object.keys(preset).length > 0 ? preset : undefined,
    )
    if (!settings.ok) throw new Error(`settings.get failed: ${settings.error.message}`)
    const draftsDir = (settings.value as { effectiveDraftsFolder: string }).effectiveDraftsFolder

    let clients = 0
    const real = core
    const host = await startBrowserHost({
      core: {
        dispatch: real.dispatch,
        subscribe: (listener) => {
          clients += 1
          const stop = real.subscribe(listener)
          return () => {
            clients -= 1
            stop()
          }
        },
      },
      rendererDir: options.rendererDir ?? BUILT_RENDERER,
      bridgeFile: options.bridgeFile ?? BUILT_BRIDGE,
      port: 0,
      log,
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(options.launchAddress ? { launchAddress: true } : {}),
      ...(options.firstPaint ? { firstPaint: () => firstPaintOf(dataDir, Date.now()) } : {}),
    })
    return {
      host,
      service,
      core,
      dataDir,
      draftsDir,
      pageUrl: `${host.url}/#token=${host.token}`,
      logs,
      eventClients: () => clients,
      dispose: async () => {
        await host.close()
        await real.close()
        await service.dispose()
        // No retry: the core writes nothing once closed (core.ts, finishedBeforeClose), so a file
        // that goes into the folder while it is removed is a defect to see.
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await core?.close()
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}
