/**
 * The convergence harness (issue 32, item 8): a seeded, model-based run of a small team on real
 * git, checked afterwards in the spirit of Jepsen's history checking.
 *
 * Actors, on one bare remote and two clones (test/support/git-team.ts):
 * - clone A: two hosts on one drafts folder (`a1` Ada and `a2` Cy: two cores, each its own data
 *   folder, as the desktop app and the browser host side by side), and a tab on `a1` (a second
 *   subscriber that keeps its own Drafts list and Review panel, refreshed from events only);
 * - clone B: one host (`b` Ben);
 * - the CLI (`grant-desk sync`, the built bin as a child process) on either clone, sometimes
 *   killed with SIGKILL (its whole process group, git included) at a random moment.
 *
 * Every step is drawn from the seed before it runs, so a seed names a run and its steps. The
 * history records what each user was shown: a save's answer (an edit shown as saved, with the
 * token it wrote and the token it replaced), a conflict the sync showed (its pitches), errors.
 * The CLI's background runs race the next steps; the interleaving is the machine's, the steps
 * are the seed's.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DraftSummary, IpcEvent } from '../../src/shared/ipc'
import { type ReviewData, summarize } from '../../src/shared/review'
import { REREAD_DELAYS_MS } from '../../src/renderer/src/state/review/reviewStore'
import { CallFailed, startTestCore, type TestCore } from './core'
import { startGitTeam, type GitTeam } from './git-team'
import { seededRandom } from './random'
import { IDS } from './service'

/** SOAK_KILL_SCALE stretches every kill's delay (a seed that failed on a slower machine kills later in the sync here). */
const KILL_SCALE = Number(process.env['SOAK_KILL_SCALE'] ?? 1)

export const PROJECT = join(import.meta.dirname, '..', '..')
export const BIN = join(PROJECT, 'bin', 'grant-desk.mjs')
export const BUNDLE = join(PROJECT, 'out', 'cli', 'grant-desk.mjs')

const PARAGRAPHS = 4
const GRANTS = [IDS.open, IDS.freeForm, IDS.bounty] as const
type HostName = 'a1' | 'a2' | 'b'
type Clone = 'A' | 'B'
const HOSTS: HostName[] = ['a1', 'a2', 'b']
const cloneOf = (host: HostName): Clone => (host === 'b' ? 'B' : 'A')

export type Step =
  | { kind: 'edit'; host: HostName; draft: number; paragraph: number }
  | { kind: 'verdict'; host: HostName; draft: number; verdict: 'approve' | 'request-changes' }
  | { kind: 'policy'; approvals: 1 | 2 }
  | { kind: 'sync'; host: HostName }
  | { kind: 'cli'; clone: Clone; killAfterMs: number | null }
  | { kind: 'create'; host: HostName; grant: number }

/** The steps of a run, from its seed alone (drafts are named by their index in the host's list, modulo its length). */
export function planRun(seed: number, steps: number): Step[] {
  const random = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const plan: Step[] = []
  for (let i = 0; i < steps; i++) {
    const roll = random()
    const host = pick(HOSTS)
    const draft = Math.floor(random() * 8)
    if (roll < 0.38) plan.push({ kind: 'edit', host, draft, paragraph: Math.floor(random() * PARAGRAPHS) })
    else if (roll < 0.55) plan.push({ kind: 'verdict', host, draft, verdict: random() < 0.65 ? 'approve' : 'request-changes' })
    else if (roll < 0.6) plan.push({ kind: 'policy', approvals: random() < 0.5 ? 1 : 2 })
    else if (roll < 0.75) plan.push({ kind: 'sync', host })
    else if (roll < 0.93) plan.push({ kind: 'cli', clone: random() < 0.5 ? 'A' : 'B', killAfterMs: random() < 0.4 ? Math.floor(random() * 700) : null })
    else plan.push({ kind: 'create', host, grant: Math.floor(random() * GRANTS.length) })
  }
  return plan
}

export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'edit':
      return `${step.host}: save an edit of paragraph ${step.paragraph} of draft #${step.draft}`
    case 'verdict':
      return `${step.host}: ${step.verdict} draft #${step.draft}`
    case 'policy':
      return `A: .grant-desk.yaml asks for ${step.approvals} approval${step.approvals === 1 ? '' : 's'}`
    case 'sync':
      return `${step.host}: sync.run (app)`
    case 'cli':
      return `${step.clone}: grant-desk sync${step.killAfterMs === null ? '' : `, kill -9 after ${step.killAfterMs} ms`}`
    case 'create':
      return `${step.host}: create a draft for grant #${step.grant}`
  }
}

/** An edit a user was shown as saved: `token` is the text it wrote, `replaced` the token the paragraph held before. */
interface SavedEdit {
  step: number
  host: HostName
  draftId: string
  paragraph: number
  token: string
  replaced: string | null
}

/** A tab: the Drafts list and one Review panel of a window, refreshed on events only, and a review read that failed tried again, as the renderer does. */
class Tab {
  list: DraftSummary[] = []
  reviews = new Map<string, ReviewData>()
  #pending: Promise<void> = Promise.resolve()
  #closed = false
  #stop: () => void
  constructor(
    readonly name: string,
    readonly app: TestCore,
  ) {
    this.#stop = app.core.subscribe((event: IpcEvent, payload: unknown) => {
      if (event === 'drafts.changed' || event === 'sync.changed' || event === 'sync.arrived') {
        const ids = event === 'drafts.changed' ? (payload as { ids: string[] }).ids : null
        this.#pending = this.#pending.then(() => this.refresh(ids)).catch(() => {})
      }
    })
  }
  async refresh(ids: string[] | null): Promise<void> {
    this.list = (await this.app.call('drafts.list')).items
    for (const item of this.list) {
      if (ids !== null && !ids.includes(item.id) && this.reviews.has(item.id)) continue
      await this.#readReview(item.id, 0)
    }
  }
  /** A review read as the renderer's review store reads it: one that fails is tried again after REREAD_DELAYS_MS. */
  async #readReview(draftId: string, tries: number): Promise<void> {
    try {
      this.reviews.set(draftId, await this.app.call('reviews.get', { draftId }))
    } catch {
      const wait = REREAD_DELAYS_MS[tries]
      if (wait === undefined || this.#closed) return
      setTimeout(() => {
        if (!this.#closed) this.#pending = this.#pending.then(() => this.#readReview(draftId, tries + 1)).catch(() => {})
      }, wait)
    }
  }
  close(): void {
    this.#closed = true
    this.#stop()
  }
}

export interface RunResult {
  seed: number
  steps: Step[]
  log: string[]
  failures: string[]
  ms: number
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const TOKEN = /s\d+[a-z0-9]+/

function paragraphsOf(pitch: string): string[] {
  return pitch.split('\n\n')
}

function skeleton(label: string): string {
  return `${Array.from({ length: PARAGRAPHS }, (_, i) => `P${i} ${label}-base.`).join('\n\n')}\n`
}

/** The review state a reader sees: the approval state and the counted/required approvals. */
function stateOf(brief: { approval: string; approvals: { counted: number; required: number } }): string {
  return `${brief.approval} ${brief.approvals.counted}/${brief.approvals.required}`
}

export async function runConvergence(options: { seed: number; steps: number; serviceUrl: string }): Promise<RunResult> {
  const started = Date.now()
  const steps = planRun(options.seed, options.steps)
  const log: string[] = []
  const failures: string[] = []
  const edits: SavedEdit[] = []
  /** Every text a user was shown in a conflict, per draft. */
  const shownInConflicts = new Map<string, string[]>()
  const team: GitTeam = await startGitTeam({ serviceUrl: options.serviceUrl })
  const running = new Map<Clone, Promise<void>>()
  const children = new Set<ChildProcess>()
  const tabs: Tab[] = []
  const hosts = {} as Record<HostName, TestCore>
  try {
    const ada = await team.clone('Ada')
    const ben = await team.clone('Ben')
    const cyData = join(team.root, 'cy-data')
    mkdirSync(cyData)
    hosts.a1 = ada.app
    hosts.a2 = await startTestCore({ dataDir: cyData, serviceUrl: options.serviceUrl, env: team.env })
    await hosts.a2.call('settings.update', { draftsFolder: ada.drafts, reviewerName: 'Cy' })
    hosts.b = ben.app
    const folders: Record<Clone, string> = { A: ada.drafts, B: ben.drafts }
    const clones: Record<Clone, string> = { A: ada.clone, B: ben.clone }
    tabs.push(new Tab('a1 tab', hosts.a1), new Tab('a2 tab', hosts.a2))
    for (const tab of tabs) await tab.refresh(null)

    let last = Date.now()
    const note = (line: string) => {
      log.push(`${line}  [+${Date.now() - last} ms]`)
      last = Date.now()
    }
    const fail = (line: string) => {
      failures.push(line)
      log.push(`  !! ${line}`)
    }

    const resolveConflicts = async (
      host: HostName,
      conflicts: { draftId: string; version: string; pitch: { base: string | null; ours: string; theirs: string }; mergedFields: Record<string, string> }[],
      pickOurs: boolean,
    ) => {
      for (const conflict of conflicts) {
        const shown = shownInConflicts.get(conflict.draftId) ?? []
        // The two sides the user chooses between (the base is what both changed away from: not a choice).
        shown.push(conflict.pitch.ours, conflict.pitch.theirs)
        shownInConflicts.set(conflict.draftId, shown)
        const pitch = pickOurs ? conflict.pitch.ours : conflict.pitch.theirs
        note(`  ${host}: shown a conflict on ${conflict.draftId}; keeps ${pickOurs ? 'ours' : 'theirs'}`)
        await hosts[host].call('sync.resolve', { draftId: conflict.draftId, pitch, customFields: conflict.mergedFields, baseVersion: conflict.version })
      }
    }

    const appSync = async (host: HostName, pickOurs: boolean) => {
      const result = await hosts[host].call('sync.run')
      note(
        `  ${host}: ${result.outcome}, sent ${result.sent}${result.received ? ', received' : ''}${result.notes.length ? `; notes: ${result.notes.join(' | ')}` : ''}`,
      )
      if (result.outcome === 'conflict') await resolveConflicts(host, result.conflicts, pickOurs)
    }

    /** `grant-desk sync <folder>` as a child process in its own process group; SIGKILL to the group after `killAfterMs`. */
    const cliSync = (clone: Clone, killAfterMs: number | null): Promise<void> =>
      new Promise((done) => {
        const child = spawn(process.execPath, [BIN, 'sync', folders[clone]], { env: team.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
        children.add(child)
        let output = ''
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
        const timer =
          killAfterMs === null
            ? null
            : setTimeout(() => {
                try {
                  process.kill(-child.pid!, 'SIGKILL')
                } catch {
                  // Already gone.
                }
              }, killAfterMs * KILL_SCALE)
        child.on('exit', (code, signal) => {
          if (timer) clearTimeout(timer)
          children.delete(child)
          note(
            `  cli ${clone}: ${signal ? `killed (${signal})` : `exit ${code}`}${output.trim() ? `: ${output.trim().split('\n').slice(-2).join(' / ').slice(0, 300)}` : ''}`,
          )
          done()
        })
      })

    const draftAt = async (host: HostName, index: number) => {
      const items = (await hosts[host].call('drafts.list')).items.filter((item) => item.state === 'ok')
      return items.length === 0 ? null : items[index % items.length]!
    }

    const create = async (host: HostName, grant: number) => {
      const draft = await hosts[host].call('drafts.create', { grantId: GRANTS[grant]! })
      await hosts[host].call('drafts.save', { id: draft.id, pitch: skeleton(draft.id), customFields: {}, baseVersion: draft.version, explicit: true })
      note(`  ${host}: created ${draft.id}`)
    }

    // The team's start: Ada's two drafts and the policy, sent; Ben receives them.
    writeFileSync(join(ada.drafts, '.grant-desk.yaml'), 'review:\n  approvals: 1\n')
    await create('a1', 0)
    await create('a1', 1)
    await appSync('a1', true)
    await appSync('b', true)

    const random = seededRandom(options.seed ^ 0x5eed)
    for (const [index, step] of steps.entries()) {
      note(`${index + 1}. ${describeStep(step)}`)
      try {
        switch (step.kind) {
          case 'edit': {
            const summary = await draftAt(step.host, step.draft)
            if (!summary) break
            const draft = await hosts[step.host].call('drafts.get', { id: summary.id })
            const paragraphs = paragraphsOf(draft.pitch)
            const at = paragraphs.findIndex((text) => text.startsWith(`P${step.paragraph} `))
            if (at < 0) {
              note(`  paragraph ${step.paragraph} is not in ${summary.id}`)
              break
            }
            const token = `s${index + 1}${step.host}`
            const replaced = TOKEN.exec(paragraphs[at]!)?.[0] ?? null
            paragraphs[at] = `P${step.paragraph} ${token}: ${step.host} rewrote this paragraph.`
            const saved = await hosts[step.host].core.dispatch('drafts.save', {
              id: draft.id,
              pitch: paragraphs.join('\n\n'),
              customFields: draft.customFields,
              baseVersion: draft.version,
              explicit: true,
            })
            if (saved.ok) {
              edits.push({ step: index + 1, host: step.host, draftId: draft.id, paragraph: step.paragraph, token, replaced })
              note(`  saved ${token} in ${draft.id}${replaced ? ` over ${replaced}` : ''}`)
            } else note(`  not saved (${saved.error.code}): ${saved.error.message}`)
            break
          }
          case 'verdict': {
            const summary = await draftAt(step.host, step.draft)
            if (!summary) break
            const draft = await hosts[step.host].call('drafts.get', { id: summary.id })
            const result = await hosts[step.host].core.dispatch('reviews.setVerdict', {
              draftId: draft.id,
              verdict: step.verdict,
              note: '',
              baseVersion: draft.version,
            })
            note(`  ${draft.id}: ${result.ok ? 'recorded' : `refused (${result.error.code}): ${result.error.message}`}`)
            break
          }
          case 'policy':
            writeFileSync(join(ada.drafts, '.grant-desk.yaml'), `review:\n  approvals: ${step.approvals}\n`)
            break
          case 'sync':
            await running.get(cloneOf(step.host))
            await appSync(step.host, random() < 0.5)
            break
          case 'cli': {
            await running.get(step.clone)
            // Runs in the background, racing the next steps, until the next sync of that clone.
            running.set(step.clone, cliSync(step.clone, step.killAfterMs))
            break
          }
          case 'create':
            await create(step.host, step.grant)
            break
        }
      } catch (error) {
        note(`  error: ${error instanceof CallFailed ? error.message : String(error)}`)
      }
    }

    // Settle: every side syncs until nothing moves, resolving what it is shown, as a user would.
    note('settle')
    await Promise.all(running.values())
    let settled = false
    for (let round = 0; round < 6 && !settled; round++) {
      for (const host of ['a1', 'b', 'a1'] as const) {
        try {
          await appSync(host, round % 2 === 0)
        } catch (error) {
          note(`  ${host}: sync failed: ${error instanceof CallFailed ? error.message : String(error)}`)
        }
      }
      await sleep(300)
      const heads = (['A', 'B'] as const).map((clone) => team.git(clones[clone], 'rev-parse', 'HEAD').trim())
      const remote = team.git(team.remote, 'rev-parse', 'main').trim()
      const clean = (['A', 'B'] as const).every((clone) => team.git(clones[clone], 'status', '--porcelain', '--', 'drafts').trim() === '')
      settled = heads[0] === remote && heads[1] === remote && clean
    }
    if (!settled) {
      const remote = team.git(team.remote, 'rev-parse', 'main').trim()
      const where = (['A', 'B'] as const)
        .map((clone) => {
          const head = team.git(clones[clone], 'rev-parse', 'HEAD').trim()
          const status = team.git(clones[clone], 'status', '--porcelain', '--', 'drafts').trim().split('\n').filter(Boolean)
          return `clone ${clone}: HEAD ${head === remote ? 'at' : 'not at'} the remote's${status.length ? `, not committed: ${status.slice(0, 5).join('; ')}` : ''}`
        })
        .join('; ')
      fail(`the clones did not settle: after 6 rounds of syncs they still differ from the remote or hold changes not sent (${where})`)
    }

    // (b) No repository is left mid-merge or locked.
    for (const clone of ['A', 'B'] as const) {
      const gitDir = join(clones[clone], '.git')
      for (const name of ['MERGE_HEAD', 'index.lock', 'REBASE_HEAD', 'CHERRY_PICK_HEAD'])
        if (existsSync(join(gitDir, name))) fail(`clone ${clone} is left with .git/${name}`)
      const unmerged = team.git(clones[clone], 'ls-files', '--unmerged').trim()
      if (unmerged) fail(`clone ${clone} has unmerged paths: ${unmerged.split('\n')[0]}`)
    }

    // (a) Every edit shown as saved is in the final text on every clone, or was overwritten by a
    // save that had it on screen (and then it is in the saver's history), or was in a conflict shown.
    const histories = new Map<string, string[]>()
    const historyOf = async (host: HostName, draftId: string) => {
      const key = `${host}:${draftId}`
      if (!histories.has(key)) {
        const texts: string[] = []
        const list = await hosts[host].call('history.list', { draftId })
        for (const version of list.versions) texts.push((await hosts[host].call('history.get', { draftId, versionId: version.id })).pitch)
        histories.set(key, texts)
      }
      return histories.get(key)!
    }
    for (const edit of edits) {
      const texts = (['A', 'B'] as const).map((clone) => {
        const file = join(folders[clone], `${edit.draftId}.md`)
        return existsSync(file) ? readFileSync(file, 'utf8') : ''
      })
      if (texts.every((text) => text.includes(edit.token))) continue
      if ((shownInConflicts.get(edit.draftId) ?? []).some((text) => text.includes(edit.token))) continue
      const overwrittenBy = edits.find((later) => later.draftId === edit.draftId && later.replaced === edit.token)
      if (overwrittenBy) {
        if (!(await historyOf(edit.host, edit.draftId)).some((text) => text.includes(edit.token)))
          fail(`edit ${edit.token} (step ${edit.step}) was overwritten by ${overwrittenBy.token} but is not in ${edit.host}'s history of ${edit.draftId}`)
        continue
      }
      const where = (['A', 'B'] as const).filter((_, i) => !texts[i]!.includes(edit.token)).join(' and ')
      fail(
        `edit ${edit.token} (step ${edit.step}, ${edit.host}, paragraph ${edit.paragraph} of ${edit.draftId}) was shown as saved but is lost: not in the text on clone ${where}, in no conflict shown, overwritten by no save that saw it`,
      )
    }

    // (c) Within 2 s, the Drafts list, the Review panel and `grant-desk review --format json` agree per draft.
    const deadline = Date.now() + 2_000
    let disagreements: string[] = []
    for (;;) {
      disagreements = await compareViews(team, hosts, tabs, folders)
      if (disagreements.length === 0 || Date.now() > deadline) break
      await sleep(100)
    }
    for (const line of disagreements) fail(`2 s after the last change the views still disagree: ${line}`)
  } catch (error) {
    failures.push(`the run stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  } finally {
    for (const child of children)
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // Gone.
      }
    await Promise.all(running.values())
    for (const tab of tabs) tab.close()
    await hosts.a2?.dispose().catch(() => {})
    await team.dispose().catch(() => {})
  }
  return { seed: options.seed, steps, log, failures, ms: Date.now() - started }
}

interface CliReview {
  id: string
  approval: string
  approvals: { counted: number; required: number }
}

function cliReview(team: GitTeam, folder: string): Promise<Map<string, string>> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [BIN, 'review', '--format', 'json', folder], { env: team.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    // 'close', not 'exit': the output is only whole once the pipes are closed.
    child.on('close', (code) => {
      try {
        const reports = JSON.parse(out) as CliReview[]
        done(new Map(reports.map((report) => [report.id, stateOf(report)])))
      } catch {
        reject(new Error(`grant-desk review --format json exited ${code}: ${err.slice(0, 300)}`))
      }
    })
  })
}

/** Every reader's review state of every draft, and where two readers differ. */
async function compareViews(team: GitTeam, hosts: Record<HostName, TestCore>, tabs: Tab[], folders: Record<Clone, string>): Promise<string[]> {
  const views = new Map<string, Map<string, string>>()
  const add = (reader: string, id: string, state: string) => {
    if (!views.has(id)) views.set(id, new Map())
    views.get(id)!.set(reader, state)
  }
  for (const host of HOSTS) {
    for (const item of (await hosts[host].call('drafts.list')).items) {
      if (item.state !== 'ok') {
        add(`${host} Drafts list`, item.id, `damaged: ${item.reason}`)
        continue
      }
      add(`${host} Drafts list`, item.id, stateOf(item.review))
      const draft = await hosts[host].call('drafts.get', { id: item.id })
      const data = await hosts[host].call('reviews.get', { draftId: item.id })
      add(`${host} Review panel`, item.id, stateOf(summarize(data, { pitch: draft.pitch, fields: draft.customFields })))
    }
  }
  for (const tab of tabs) {
    for (const item of tab.list) {
      if (item.state !== 'ok') continue
      add(`${tab.name} Drafts list`, item.id, stateOf(item.review))
      const data = tab.reviews.get(item.id)
      const draft = await tab.app.call('drafts.get', { id: item.id })
      if (data) add(`${tab.name} Review panel`, item.id, stateOf(summarize(data, { pitch: draft.pitch, fields: draft.customFields })))
    }
  }
  for (const clone of ['A', 'B'] as const) for (const [id, state] of await cliReview(team, folders[clone])) add(`CLI on ${clone}`, id, state)
  const out: string[] = []
  for (const [id, readers] of views) {
    const distinct = new Set(readers.values())
    const expected = HOSTS.length * 2 + tabs.length * 2 + 2
    if (distinct.size > 1 || readers.size < expected)
      out.push(
        `${id}: ${[...readers].map(([reader, state]) => `${reader} says ${state}`).join('; ')}${readers.size < expected ? ` (only ${readers.size} of ${expected} readers list it)` : ''}`,
      )
  }
  return out
}

/** The report of a failed run: its seed, how to replay it, its steps and what each showed. */
export function report(result: RunResult): string {
  return [
    `seed=${result.seed} ${result.failures.length ? 'failed' : 'passed'} (${result.steps.length} steps, ${(result.ms / 1000).toFixed(1)} s). Replay: SOAK_SEED=${result.seed} SOAK_STEPS=${result.steps.length} npm run soak`,
    ...result.failures.map((line) => `FAIL ${line}`),
    'steps:',
    ...result.log,
  ].join('\n')
}
