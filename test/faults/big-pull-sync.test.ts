/**
 * Team sync on pulls out of proportion (issue 32): 20,000 review records in one push, a 200 MB
 * draft, and teammates whose titles, names and server hook print terminal escapes. Real git,
 * the built CLI as users run it (a child process that reports its own peak memory) and the
 * app's SyncService. The pushes are written with `git fast-import` (test/support/big-remote.ts).
 *
 * Times are logged, not asserted (a busy machine is no failure); memory and output are.
 */
import { appendFileSync, chmodSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SyncService } from '../../src/main/core'
import type { SyncArrival } from '../../src/shared/ipc'
import { benPushes, messages, runBuiltSync, smallTeam, type BigRemote } from '../support/big-remote'

let team: BigRemote | null = null
afterEach(() => {
  if (team) rmSync(team.root, { recursive: true, force: true })
  team = null
}, 180_000)

function appSync(folder: string, env: Record<string, string>, reviewerName: string | null, onArrival?: (arrival: SyncArrival) => void): SyncService {
  const warnings: string[] = []
  return new SyncService({
    folder: () => folder,
    env,
    reviewerName: () => Promise.resolve(reviewerName),
    memoryFile: null,
    now: () => new Date(),
    log: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
    ...(onArrival ? { onArrival } : {}),
  })
}

/** C0 controls but the line break, DEL, C1 controls, bidi marks, overrides and isolates, zero-width characters. */
const RAW = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2028\u2029\uFEFF]/
/**
 * The same without zero-width characters: the terminal output escapes what `lint` and `review`
 * escape (terminal.ts), which leaves a zero-width joiner alone (emoji and scripts need it).
 */
const RAW_IN_TERMINAL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/
/** What a hostile teammate puts in a title or a name: a window title, a colour, a C1 CSI, Trojan Source, zero-width. */
const HOSTILE = '\x1b]0;pwned\x07\x1b[31mred\x1b[0m \u202Eevil\u202C \u2066iso\u2069 zw\u200B\u200D\u2060\uFEFF \x9b2J'

describe('a pull of 20,000 review records', () => {
  it('the built CLI syncs it in one run, counts every record, and stays under 600 MB', async () => {
    team = smallTeam(4)
    await benPushes(team, { drafts: 4, records: 20_000 })
    const run = await runBuiltSync(team, team.ada)
    console.log(`[faults] CLI sync of 20,000 records: ${Math.round(run.ms)} ms, peak ${Math.round(run.peakMb)} MB`)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    for (let n = 0; n < 4; n++) expect(run.stdout).toContain(`5000 comments on Draft ${n}`)
    expect(run.peakMb).toBeLessThan(600)
  })

  it("the app's sync summarises it: one arrival with 20,000 new threads", async () => {
    team = smallTeam(4)
    await benPushes(team, { drafts: 4, records: 20_000 })
    const arrivals: SyncArrival[] = []
    const sync = appSync(team.ada, team.env, 'Ada', (arrival) => arrivals.push(arrival))
    const started = performance.now()
    try {
      const result = await sync.sync()
      console.log(`[faults] app sync of 20,000 records: ${Math.round(performance.now() - started)} ms`)
      expect(result.outcome).toBe('synced')
    } finally {
      await sync.close()
    }
    expect(arrivals).toHaveLength(1)
    expect(arrivals[0]!.newThreads).toHaveLength(20_000)
    expect(arrivals[0]!.people.map((person) => person.name)).toEqual(['Ben'])
  })
})

describe('a 200 MB draft in a pull', () => {
  it('adds under 100 MB to the CLI sync: the file is sized and hashed as a stream, never read whole', async () => {
    team = smallTeam(4)
    await benPushes(team, { drafts: 4, records: 40 })
    const small = await runBuiltSync(team, team.ada)
    await benPushes(team, { drafts: 4, records: 40, bigFileBytes: 200 * 1024 * 1024 })
    const big = await runBuiltSync(team, team.ada)
    console.log(
      `[faults] CLI pull with a 200 MB draft: peak ${Math.round(big.peakMb)} MB, ${Math.round(big.ms)} ms; the same pull without it: ${Math.round(small.peakMb)} MB`,
    )
    expect([small.code, big.code]).toEqual([0, 0])
    expect(big.stdout).toContain('Received: Ben Example: edited Draft 0')
    expect(big.peakMb - small.peakMb).toBeLessThan(100)
  })
})

describe("teammates' escape sequences", () => {
  it("reach neither the CLI's output nor the commit messages the CLI and the app make", async () => {
    team = smallTeam(2)
    team.git(team.ada, 'config', 'user.name', `Ada${HOSTILE}`)
    await benPushes(team, { drafts: 2, records: 6, title: (n) => `Polar ${n} ${HOSTILE}`, author: `Ben ${HOSTILE}`, recordAuthor: `Ben${HOSTILE}` })

    const received = await runBuiltSync(team, team.ada)
    expect(received.code).toBe(0)
    expect(received.stdout).toContain('Received:')
    expect(received.stdout).toContain('\\x1B]0;pwned\\x07') // there, and written out
    expect(`${received.stdout}${received.stderr}`).not.toMatch(RAW_IN_TERMINAL)

    // Ada changes the hostile draft; the team's server refuses the push with a hostile message.
    const hook = join(team.root, 'remote.git', 'hooks', 'pre-receive')
    writeFileSync(hook, "#!/bin/sh\nprintf '\\033]0;pwned\\007\\033[2J\\342\\200\\256refused by policy\\n' >&2\nexit 1\n")
    chmodSync(hook, 0o755)
    appendFileSync(join(team.ada, 'draft-0.md'), 'More pitch.\n')
    const refused = await runBuiltSync(team, team.ada)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('The team repository refused your changes')
    expect(refused.stderr).toContain('\\x1B]0;pwned\\x07\\x1B[2J\\u{202E}refused by policy') // the hook's words, written out
    expect(`${refused.stdout}${refused.stderr}`).not.toMatch(RAW_IN_TERMINAL)

    // The app's sync commits with the reviewer name from Settings.
    rmSync(hook)
    appendFileSync(join(team.ada, 'draft-1.md'), 'More pitch.\n')
    const sync = appSync(team.ada, team.env, `Ada ${HOSTILE}`)
    try {
      expect((await sync.sync()).outcome).toBe('synced')
    } finally {
      await sync.close()
    }
    const log = messages(team, team.ada)
    const ours = log.split('\0').filter((message) => message.includes('Polar'))
    expect(ours.length).toBeGreaterThanOrEqual(2)
    for (const message of ours) expect(message).not.toMatch(RAW)
  })
})
