/**
 * Every flow through every network fault. The browser host (the core behind its HTTP bridge,
 * as `npm run start:browser` runs it) talks to the real sandbox through a fault proxy
 * (test/support/fault-proxy.ts); each flow — list, detail, login, submit (with submitAnyway)
 * and feedback — is called over the host's `/rpc`, once per fault mode. Each must end in a
 * clean answer within a stated bound: `ok`, or an error code of docs/core.md whose message says
 * what to do. Submitting never creates two applications (counted in the sandbox's SQLite),
 * draft files stay byte-identical unless the submission succeeded, the host keeps answering,
 * and its memory stays flat through bodies of 10, 40 and 200 MB.
 *
 * The suite prints its table of what was tried and what held (copied into the README).
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, type IpcResult } from '../../src/shared/ipc'
import { type HostStack, startHostStack } from '../support/browser-host'
import { countApplications } from '../support/core'
import { FAULT_MODES, type FaultMode, type FaultProxy, startFaultProxy } from '../support/fault-proxy'
import { IDS, USERS } from '../support/service'

/** The core's timings for this suite: short, so that 85 runs take a minute or two. */
const CLIENT = { timeoutMs: 1_500, retryLimit: 2, retryDelayMs: 50, maxRetryDelayMs: 200 }
const BUDGET_MS = 4_000
/** Every flow answers within the action budget plus this (timers, a loaded 2-core machine). */
const BOUND_MS = BUDGET_MS + 2_500
/** The host's memory may grow this much while it refuses a 200 MB answer. */
const MEMORY_BOUND_MB = 100

/** The codes of docs/core.md: the contract's own list. */
const DOCUMENTED_CODES = new Set<string>(ERROR_CODES)
/** A message that tells the applicant what to do next. */
const SAYS_WHAT_TO_DO = /try again|submit again|check|log in|wait|correct|choose|fix|later|in a moment|restart/i

type Flow = 'list' | 'detail' | 'login' | 'submit' | 'feedback'
const FLOWS: Flow[] = ['list', 'detail', 'login', 'submit', 'feedback']

interface Run {
  mode: FaultMode
  flow: Flow
  outcome: string
  ms: number
}

let stack: HostStack
let proxy: FaultProxy
const runs: Run[] = []
/** Modes whose every check held (a failed check leaves its mode out). */
const held = new Set<FaultMode>()
let peakGrowthMb = 0

async function rpc(channel: string, input?: unknown): Promise<IpcResult<unknown>> {
  const response = await fetch(`${stack.host.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'x-grant-desk-token': stack.host.token, 'content-type': 'application/json' },
    body: input === undefined ? '' : JSON.stringify(input),
  })
  expect(response.status, `${channel}: the host answered HTTP ${response.status}`).toBe(200)
  return (await response.json()) as IpcResult<unknown>
}

async function value<T>(channel: string, input?: unknown): Promise<T> {
  const result = await rpc(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

/** Runs one flow and returns its answer; `pass` mode around it for any setup it needs. */
async function runFlow(flow: Flow, mode: FaultMode): Promise<IpcResult<unknown>> {
  proxy.scope = flow === 'submit' ? 'apply' : 'all'
  proxy.mode = 'pass'
  let draftId = ''
  let before: Buffer | null = null
  let draftPath = ''
  if (flow === 'submit') {
    const draft = await value<{ id: string; version: string; path: string }>('drafts.create', { grantId: IDS.freeForm })
    const saved = await value<{ version: string; path: string }>('drafts.save', {
      id: draft.id,
      pitch: `# Pitch\n\nSubmitted while the network does "${mode}".\n`,
      customFields: {},
      baseVersion: draft.version,
    })
    draftId = draft.id
    draftPath = saved.path
    before = readFileSync(draftPath)
  }
  if (flow === 'login') await value('session.logout')

  proxy.mode = mode
  let result: IpcResult<unknown>
  try {
    switch (flow) {
      case 'list':
        result = await rpc('grants.list', { status: 'all' })
        break
      case 'detail':
        result = await rpc('grants.get', { id: IDS.open })
        break
      case 'login':
        result = await rpc('session.login', { email: USERS[0].email, password: USERS[0].password })
        break
      case 'submit':
        result = await rpc('applications.submit', { draftId, submitAnyway: true })
        break
      case 'feedback':
        result = await rpc('feedback.send', { issue: `The guide is out of date (checked under "${mode}").` })
        break
    }
  } finally {
    proxy.mode = 'pass'
  }
  if (flow === 'submit' && !result.ok) {
    expect(readFileSync(draftPath).equals(before!), `${mode}: the draft file changed although the submission failed`).toBe(true)
  }
  // Logged in again for the next flows, whatever the login under the fault did.
  if (flow === 'login') await value('session.login', { email: USERS[0].email, password: USERS[0].password })
  return result
}

beforeAll(async () => {
  stack = await startHostStack({
    route: async (sandboxUrl) => {
      proxy = await startFaultProxy(sandboxUrl)
      return proxy.url
    },
    client: CLIENT,
    actionBudgetMs: BUDGET_MS,
  })
  await value('session.login', { email: USERS[0].email, password: USERS[0].password })
})

afterAll(async () => {
  const counts = new Map<string, number>()
  for (const run of runs) counts.set(run.outcome, (counts.get(run.outcome) ?? 0) + 1)
  const slowest = runs.reduce((max, run) => Math.max(max, run.ms), 0)
  const lines = [
    `[faults] network: ${FAULT_MODES.length} modes × ${FLOWS.length} flows = ${runs.length} runs through the browser host; ${held.size} of ${FAULT_MODES.length} modes held every check`,
    `[faults] network: outcomes ${[...counts]
      .sort()
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(
        ', ',
      )}; slowest ${Math.round(slowest)} ms (bound ${BOUND_MS} ms); applications stored ${stack ? countApplications(stack.service.dataFile) : '?'} (at most 1); ${proxy?.broken ?? 0} answers broken by the proxy`,
    `[faults] network: host memory growth at most ${peakGrowthMb.toFixed(1)} MB while refusing 10/40/200 MB bodies (bound ${MEMORY_BOUND_MB} MB)`,
  ]
  console.log(lines.join('\n'))
  await proxy?.close()
  await stack?.dispose()
})

describe('every flow through every network fault', () => {
  for (const mode of FAULT_MODES) {
    it(`${mode}: list, detail, login, submit and feedback each end clean within ${BOUND_MS} ms`, async () => {
      const heavy = mode.startsWith('body-')
      const baseline = process.memoryUsage().rss
      let peak = baseline
      const sampler = heavy ? setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5) : null
      try {
        for (const flow of FLOWS) {
          const started = performance.now()
          const result = await runFlow(flow, mode)
          const ms = performance.now() - started
          const outcome = result.ok ? 'ok' : result.error.code
          runs.push({ mode, flow, outcome, ms })
          expect(ms, `${mode}/${flow} took ${Math.round(ms)} ms`).toBeLessThan(BOUND_MS)
          if (!result.ok) {
            expect(DOCUMENTED_CODES.has(result.error.code), `${mode}/${flow}: ${result.error.code}`).toBe(true)
            expect(result.error.message, `${mode}/${flow}: ${result.error.message}`).toMatch(SAYS_WHAT_TO_DO)
          }
          // Never two applications, whatever the fault (the sandbox's own table).
          expect(countApplications(stack.service.dataFile)).toBeLessThanOrEqual(1)
        }
      } finally {
        if (sampler) clearInterval(sampler)
      }
      if (heavy) {
        const growth = (peak - baseline) / (1024 * 1024)
        peakGrowthMb = Math.max(peakGrowthMb, growth)
        expect(growth, `${mode}: memory grew ${growth.toFixed(1)} MB`).toBeLessThan(MEMORY_BOUND_MB)
      }
      // The host and the core are still up: a plain call answers.
      expect((await rpc('session.status')).ok).toBe(true)
      const page = await fetch(`${stack.host.url}/`)
      expect(page.status).toBe(200)
      held.add(mode)
    })
  }

  it('after every fault, the same flows work again on a healthy network', async () => {
    for (const flow of FLOWS) {
      const result = await runFlow(flow, 'pass')
      expect(result.ok, `${flow}: ${result.ok ? '' : result.error.message}`).toBe(true)
    }
    const list = await value<{ items: unknown[] }>('drafts.list')
    expect(list.items.length).toBe(FAULT_MODES.length + 1)
  })
})
