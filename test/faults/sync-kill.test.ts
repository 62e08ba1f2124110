/**
 * Killed in the middle of a sync. Ben syncs with the built CLI (`bin/grant-desk.mjs sync`, as a
 * terminal or a script runs it) while Ada keeps sending changes to the same draft, so most of
 * his syncs commit, merge (git stops on the draft's front matter, which the app settles) and
 * push. (Ada's edits go in with git itself, and the sync after a kill runs in the test's process, to keep each
 * round short.) Each of his syncs is killed with SIGKILL after a seeded random delay within a sync's
 * length, with the git it started (its process group: as when the app is killed with its
 * children), 50 times. After every kill the next sync must go through on its own: exit 0 (or 1
 * with a conflict offered), never a refusal ("did not start") or an unexpected failure, and it
 * say in a line what it got past (a stale lock, a merge half done), and must leave no merge,
 * no journal and no index.lock behind, and both edits of the round must be
 * in the team's draft.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/grant-desk'
import { STALE_LOCK_NOTE } from '../../src/main/core/sync/recovery'
import { type GitTeam, type Teammate } from '../support/git-team'
import { useAdaAndBen } from '../support/git-team-hooks'
import { seededRandom } from '../support/random'
import { IDS } from '../support/service'

const ROUNDS = Number(process.env['SYNC_KILL_ROUNDS'] ?? 50)
const BIN = join(process.cwd(), 'bin', 'grant-desk.mjs')

let team: GitTeam, ada: Teammate, ben: Teammate
useAdaAndBen((crew) => ({ team, ada, ben } = crew))

beforeAll(() => {
  // The bundle is what users run (npm run build:cli makes it).
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build:cli first`)
})

/** One `grant-desk sync` of Ben's in a process of its own; killed (with its process group) after `killAfter` ms when given. */
function benSync(killAfter?: number, args = ['sync', ben.drafts]): Promise<{ code: number | null; out: string; ms: number }> {
  return new Promise((done, fail) => {
    const started = Date.now()
    const child = spawn(process.execPath, [BIN, ...args], { env: team.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    let timer: ReturnType<typeof setTimeout> | null = null
    if (killAfter !== undefined) {
      timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // Already ended.
        }
      }, killAfter)
    }
    child.on('error', fail)
    child.on('close', (code) => {
      if (timer) clearTimeout(timer)
      done({ code, out, ms: Date.now() - started })
    })
  })
}

async function inProcessSync(): Promise<{ code: number; out: string; ms: number }> {
  const started = Date.now()
  let out = ''
  const code = await main(['sync', ben.drafts], { out: (line) => (out += `${line}\n`), err: (line) => (out += `${line}\n`) }, team.env)
  return { code, out, ms: Date.now() - started }
}

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i}: nothing yet.`)

/** Edits the draft's file as a save does: one paragraph, and `updated_at` (which both sides change, so git stops the merge on it). */
function edit(file: string, from: RegExp, to: string): void {
  const text = readFileSync(file, 'utf8')
  const stamped = text.replace(/^(updated_at: ['"]?)[^'"\n]+/m, `$1${new Date().toISOString()}`)
  expect(stamped).not.toBe(text)
  writeFileSync(file, stamped.replace(from, to))
}

describe('a sync killed with SIGKILL at random points', () => {
  it(`never blocks the next sync (${ROUNDS} rounds)`, async () => {
    const random = seededRandom(32)
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('drafts.save', { id: created.id, pitch: `${paragraphs(4).join('\n\n')}\n`, customFields: {}, baseVersion: created.version })
    await ada.app.call('sync.run')
    const path = `drafts/${created.id}.md`
    // A whole sync's length, to kill within it, and the bundle's start (usage only), before which a kill tells nothing.
    const first = await benSync()
    expect(first.code).toBe(0)
    const startup = Math.min((await benSync(undefined, [])).ms, first.ms / 2)
    const kinds = new Map<string, number>()
    for (let round = 1; round <= ROUNDS; round++) {
      // Ada, a scripted teammate: her edit of paragraph 0 on top of the team's branch, sent with git.
      ada.git('fetch', '-q')
      ada.git('reset', '-q', '--hard', 'origin/main')
      edit(join(ada.clone, path), /^Paragraph 0: .*$/m, `Paragraph 0: Ada, round ${round}.`)
      ada.git('commit', '-q', '-a', '-m', `Ada, round ${round}`)
      ada.git('push', '-q')
      // Ben's save of paragraph 3, then his sync, killed.
      edit(join(ben.clone, path), /^Paragraph 3: .*$/m, `Paragraph 3: Ben, round ${round}.`)
      const killAfter = Math.floor(startup * 0.8 + random() * (first.ms - startup * 0.8))
      const killed = await benSync(killAfter)
      const left = ['MERGE_HEAD', 'index.lock', 'grant-desk-merge.json'].filter((name) => existsSync(join(ben.clone, '.git', name)))
      const kind = left.join('+') || 'nothing'
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1)

      // The next sync, in this process (the same core as the bundle's; a process start less per round).
      const next = await inProcessSync()
      if (process.env['SYNC_KILL_TRACE']) process.stderr.write(`round ${round}: killed at ${killAfter}/${killed.ms} ms, left ${kind}; next ${next.ms} ms\n`)
      const context = `round ${round} (killed after ${killAfter} ms, left ${kind}, killed run said: ${killed.out.trim() || '-'}): ${next.out}`
      expect(next.out, context).not.toMatch(/did not start|unexpected|restart/i)
      expect(next.code, context).toBe(0)
      // Each thing got past is said in a line of its own.
      if (left.includes('index.lock')) expect(next.out, context).toContain(`Note: ${STALE_LOCK_NOTE}`)
      if (left.includes('MERGE_HEAD'))
        expect(next.out, context).toMatch(/Note: (Finished|Went on with|Undid) the merge that an interrupted sync had left half done/)
      expect(existsSync(join(ben.clone, '.git', 'MERGE_HEAD')), context).toBe(false)
      expect(existsSync(join(ben.clone, '.git', 'index.lock')), context).toBe(false)
      expect(existsSync(join(ben.clone, '.git', 'grant-desk-merge.json')), context).toBe(false)
      expect(ben.git('status', '--porcelain', '--', 'drafts'), context).toBe('')
      // Both edits of the round reached the team.
      const teamDraft = ada.git('fetch', '-q') + ada.git('show', `origin/main:${path}`)
      expect(teamDraft, context).toContain(`Paragraph 0: Ada, round ${round}.`)
      expect(teamDraft, context).toContain(`Paragraph 3: Ben, round ${round}.`)
    }
    // What the kills left, for the record (the test's point is that each was got past).
    console.info(`a sync took ${first.ms} ms; left by the kills:`, Object.fromEntries(kinds))
  }, 420_000)
})
