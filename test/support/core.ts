/**
 * A real core (the same `createCore` the Electron shell and the browser host run) on a
 * temporary data folder, pointed at a real sandbox over HTTP. `call` goes through `dispatch`,
 * so every test also crosses the contract's validation exactly as the renderer does.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { AppError, ChannelInput, ChannelOutput, IpcChannel, IpcEvent } from '../../src/shared/ipc'
import { type Core, createCore } from '../../src/main/core/core'
import { MemorySecretStore, type SecretStore } from '../../src/main/core/secret-store'
import type { PdfPrinter } from '../../src/main/core/export/service'
import type { RefreshTimer } from '../../src/main/core/saved-searches/scheduler'
import type { ReminderNotifier } from '../../src/main/core/reminders'
import { JsonFileSettingsBackend } from '../../src/main/core/settings'
import { tempDir } from './service'

export interface TestCore {
  core: Core
  dataDir: string
  secrets: SecretStore
  events: { event: IpcEvent; payload: unknown }[]
  logged: { level: 'warn' | 'error'; message: string }[]
  /** Calls a channel; throws with the AppError's message when it fails. */
  call<C extends IpcChannel>(channel: C, ...input: undefined extends ChannelInput<C> ? [ChannelInput<C>?] : [ChannelInput<C>]): Promise<ChannelOutput<C>>
  /** Calls a channel and returns its AppError; throws when it succeeds. */
  fail(channel: IpcChannel, input?: unknown): Promise<AppError>
  dispose(): Promise<void>
}

export class CallFailed extends Error {
  constructor(readonly error: AppError) {
    super(`${error.code}: ${error.message}`)
  }
}

export async function startTestCore(options: {
  serviceUrl: string
  dataDir?: string
  secrets?: SecretStore
  now?: () => Date
  env?: Record<string, string | undefined>
  /** The PDF port the Electron shell gives the core (none: as in the browser host). */
  pdf?: PdfPrinter
  /** Overrides of the client's short test timings. */
  client?: Partial<NonNullable<Parameters<typeof createCore>[0]['client']>>
  /** The total time the service may take for one action (the core's default otherwise). */
  actionBudgetMs?: number
  /** The background check's timer (real timers otherwise). */
  refreshTimer?: RefreshTimer
  /** The system notifications port the Electron shell gives the core (none: as in the browser host). */
  notifier?: ReminderNotifier
  /** The automatic team sync's timer (real timers otherwise). */
  syncTimer?: RefreshTimer
}): Promise<TestCore> {
  const dataDir = options.dataDir ?? tempDir('grant-desk-core-')
  const secrets = options.secrets ?? new MemorySecretStore()
  const logged: TestCore['logged'] = []
  const core = await createCore({
    dataDir,
    secrets,
    settings: await JsonFileSettingsBackend.open(join(dataDir, 'settings.json')),
    env: { GRANT_SERVICE_URL: options.serviceUrl, ...options.env },
    log: {
      warn: (message) => logged.push({ level: 'warn', message }),
      error: (message) => logged.push({ level: 'error', message }),
    },
    ...(options.now ? { now: options.now } : {}),
    ...(options.pdf ? { pdf: options.pdf } : {}),
    ...(options.notifier ? { notifier: options.notifier } : {}),
    client: { timeoutMs: 3_000, retryLimit: 1, retryDelayMs: 10, maxRetryDelayMs: 50, ...options.client },
    ...(options.actionBudgetMs !== undefined ? { actionBudgetMs: options.actionBudgetMs } : {}),
    ...(options.refreshTimer ? { refreshTimer: options.refreshTimer } : {}),
    ...(options.syncTimer ? { syncTimer: options.syncTimer } : {}),
  })
  const events: TestCore['events'] = []
  core.subscribe((event, payload) => events.push({ event, payload }))
  return {
    core,
    dataDir,
    secrets,
    events,
    logged,
    call: (async (channel: IpcChannel, input?: unknown) => {
      const result = await core.dispatch(channel, input)
      if (!result.ok) throw new CallFailed(result.error)
      return result.value
    }) as TestCore['call'],
    fail: async (channel, input) => {
      const result = await core.dispatch(channel, input)
      if (result.ok) throw new Error(`${channel} succeeded but a failure was expected: ${JSON.stringify(result.value).slice(0, 300)}`)
      return result.error
    },
    dispose: async () => {
      await core.close()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** What the sandbox stored for an application, read straight from its SQLite file. */
export function storedApplication(dataFile: string, applicationId: string): { pitch: string; custom_fields: string | null; grant_id: string } | undefined {
  const db = new Database(dataFile, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT pitch, custom_fields, grant_id FROM applications WHERE id = ?').get(applicationId) as
      { pitch: string; custom_fields: string | null; grant_id: string } | undefined
  } finally {
    db.close()
  }
}

export function countApplications(dataFile: string): number {
  const db = new Database(dataFile, { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT count(*) AS n FROM applications').get() as { n: number }).n
  } finally {
    db.close()
  }
}

export function storedFeedback(dataFile: string): { skill: string; issue: string }[] {
  const db = new Database(dataFile, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT skill, issue FROM feedback ORDER BY created_at').all() as { skill: string; issue: string }[]
  } finally {
    db.close()
  }
}

/**
 * Drops every api key the sandbox issued, as when the account's password is changed elsewhere
 * (a new key comes with the next login). With a short token lifetime this leaves a client
 * with no working credential: the session has expired. Written straight to its SQLite file.
 */
export function dropApiKeys(dataFile: string): void {
  const db = new Database(dataFile, { fileMustExist: true })
  try {
    db.prepare('UPDATE users SET api_key_hash = NULL, api_key_sealed = NULL').run()
  } finally {
    db.close()
  }
}
