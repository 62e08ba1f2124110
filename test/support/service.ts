/**
 * Starts the real sandbox (HTTP on an ephemeral port, SQLite in a temporary folder) for a
 * test, and small helpers to talk to it over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Fixture, FixtureGrant } from '../../src/service/fixture'
import { type RunningService, type ServiceOptions, startService } from '../../src/service/server'

export interface TestService extends RunningService {
  dataFile: string
  /** Starts a new server on the same data file (after `close`). */
  restart(options?: Partial<ServiceOptions>): Promise<TestService>
  /** Closes the server and removes its folder. */
  dispose(): Promise<void>
}

export function tempDir(prefix = 'grant-desk-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export async function startTestService(options: Partial<ServiceOptions> & { dir?: string } = {}): Promise<TestService> {
  const dir = options.dir ?? tempDir()
  const dataFile = options.dataFile ?? join(dir, 'service.db')
  const service = await startService({ port: 0, logError: () => {}, ...options, dataFile })
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await service.close()
  }
  return {
    ...service,
    dataFile,
    close,
    restart: async (more = {}) => {
      await close()
      return startTestService({ ...options, ...more, dir, dataFile })
    },
    dispose: async () => {
      await close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface JsonResponse<T = any> {
  status: number
  headers: Headers
  body: T
}

export async function request<T = any>(
  base: string,
  method: string,
  path: string,
  options: { json?: unknown; body?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers['authorization'] = `Bearer ${options.token}`
  let body: string | undefined = options.body
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  const response = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Left as text: the test asserts on it.
  }
  return { status: response.status, headers: response.headers, body: parsed as T }
}

export const DAY = 86_400_000

/** Fixed ids so tests can name grants. */
export const IDS = {
  open: '11111111-1111-4111-8111-111111111111',
  freeForm: '22222222-2222-4222-8222-222222222222',
  pastDeadline: '33333333-3333-4333-8333-333333333333',
  closedEarly: '44444444-4444-4444-8444-444444444444',
  bounty: '55555555-5555-4555-8555-555555555555',
  unknown: '99999999-9999-4999-8999-999999999999',
} as const

export const USERS = [
  { email: 'ada@example.test', password: 'correct horse battery' },
  { email: 'sam@example.test', password: 'another long password' },
] as const

/** A small fixture of the tests' own, deadlines relative to `now`. */
export function testFixture(now = Date.now()): Fixture {
  const at = (days: number) => new Date(now + days * DAY).toISOString()
  const base = {
    sponsor: 'Test Foundation',
    reward: '10,000 USDC',
    track: 'Developer Tooling',
    type: 'grant' as const,
    description: 'Funds **tools**.',
    template_md: '# [Your project name]\n\n## Problem statement\n<!-- One sentence. -->\n',
  }
  return {
    users: USERS.map((u) => ({ ...u })),
    grants: [
      {
        ...base,
        id: IDS.open,
        title: 'Open grant with a form',
        deadline: at(10),
        status: 'open',
        application_schema: [
          { name: 'project_name', label: 'Project name', type: 'text', required: true },
          { name: 'repo', label: 'Repository', type: 'url', required: true },
          { name: 'details', label: 'Details', type: 'textarea', required: false },
          { name: 'amount', label: 'Amount (USD)', type: 'number', required: false },
          { name: 'stage', label: 'Stage', type: 'select', required: false, options: ['Idea', 'Beta'] },
        ],
      },
      { ...base, id: IDS.freeForm, title: 'Free-form grant', deadline: at(5), status: 'open', application_schema: null, track: 'Public Goods' },
      { ...base, id: IDS.pastDeadline, title: 'Deadline passed', deadline: at(-2), status: 'open', application_schema: null },
      { ...base, id: IDS.closedEarly, title: 'Closed early', deadline: at(20), status: 'closed', application_schema: null },
      {
        ...base,
        id: IDS.bounty,
        title: 'A bounty',
        deadline: at(1),
        status: 'open',
        type: 'bounty',
        reward: '1,200 USDC',
        application_schema: null,
        track: 'Security',
      },
    ],
  }
}

export async function login(base: string, user: { email: string; password: string } = USERS[0]) {
  const response = await request<{ access_token: string; api_key: string }>(base, 'POST', '/api/auth/login', { json: user })
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body
}

/**
 * Adds (or changes) grants in a running sandbox, as if its fixture file had been edited and
 * loaded again: the same upsert `startService` does with a fixture (and `npm run service`
 * on SIGHUP). The tests' way to make a grant appear while the app runs.
 */
export async function addGrantsToSandbox(service: RunningService, grants: FixtureGrant[]): Promise<void> {
  await service.store.load({ users: [], grants })
}

/** A grant for `addGrantsToSandbox`, open and deadline in `days`, like the fixture's. */
export function extraGrant(id: string, title: string, options: { days?: number; now?: number; reward?: string; type?: 'grant' | 'bounty' } = {}): FixtureGrant {
  return {
    id,
    title,
    sponsor: 'Test Foundation',
    reward: options.reward ?? '8,000 USDC',
    track: 'Developer Tooling',
    type: options.type ?? 'grant',
    description: 'Funds **new tools**.',
    template_md: '# [Your project name]\n',
    deadline: new Date((options.now ?? Date.now()) + (options.days ?? 14) * DAY).toISOString(),
    status: 'open',
    application_schema: null,
  }
}
