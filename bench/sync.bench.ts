/**
 * `npm run bench`, part: team sync through git.
 *
 * A team folder of 2,000 drafts with 5 review records each (12,000 files) in a real repository,
 * a bare remote and two clones. Each round, one teammate edits one draft and adds two comments,
 * and the change goes to the remote and comes back to the other clone two ways:
 *
 * - the app's sync (`SyncService`, the same as the app's Sync and `grant-desk sync`): commit the
 *   drafts folder's three changed files, fetch, merge, push, with everything a sync also reads
 *   (what changed, what arrived, the state after);
 * - a person at a terminal, the baseline, measured in the same run on the same repositories:
 *   `git add -A drafts && git commit -qm … && git pull --no-rebase -q && git push -q`.
 *
 * The same is done with a folder of 20 drafts: a sync's cost must follow what changed, not the
 * size of the folder. Rounds interleave the two (the machine's load falls on all alike); a run
 * is a round. Every round is checked: the remote has the round's commit with exactly its three
 * files, and the other clone has the comment; a failed check makes the rows errors.
 *
 * And `grant-desk sync` with nothing to do (issue 34), on a clone of the 2,000 drafts: the CLI as
 * installed (bundled from these sources as `npm run build:cli` bundles it, run with node as a
 * child process), against what a person runs to see that nothing is to do, `git status && git
 * pull && git push` (one `sh -c`), in the same clone, interleaved. Goal ≤ 3×. Every run is
 * checked: the CLI exits 0 saying "already up to date", the git commands exit 0, and the clone's
 * HEAD is the remote's, unchanged.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { silentLogger } from '../src/main/core/errors'
import { SyncService } from '../src/main/core/sync'
import { DRAFT_FORMAT, serializeDraftFile } from '../src/shared/draft-file'
import { newRecordId, serializeRecord } from '../src/shared/review'
import { buildCli, runProgram } from './lib/cli-bundle'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'

const problems: string[] = []
function check(ok: boolean, message: string): void {
  if (!ok) problems.push(message)
}

function draftText(n: number, pitch: string): string {
  return serializeDraftFile(
    {
      format: DRAFT_FORMAT,
      grant: {
        id: '11111111-1111-4111-8111-111111111111',
        title: `Grant ${n}`,
        reward: '10,000 USD',
        deadline: '2030-01-01T00:00:00.000Z',
        apply_endpoint: 'POST /x',
        application_schema: null,
      },
      custom_fields: {},
      status: 'draft',
      application_id: null,
      created_at: '2029-01-01T00:00:00.000Z',
      updated_at: '2029-01-01T00:00:00.000Z',
    },
    pitch,
  )
}

let recordCount = 0
function recordText(author: string, body: string): { id: string; text: string } {
  const id = newRecordId(new Date(Date.UTC(2029, 0, 1) + recordCount * 1000), (recordCount++).toString(16).padStart(8, '0').slice(-8))
  return { id, text: serializeRecord({ id, kind: 'thread', author, created_at: new Date().toISOString(), anchor: { target: 'draft' }, body }) }
}

interface Team {
  root: string
  env: Record<string, string>
  git: (cwd: string, ...args: string[]) => string
  ada: string
  ben: string
  remote: string
}

/** A remote with `drafts` drafts of 5 records each, cloned twice. */
function team(drafts: number): Team {
  const root = mkdtempSync(join(tmpdir(), 'grant-desk-sync-bench-'))
  const home = join(root, 'home')
  mkdirSync(home)
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tname = Bench\n\temail = bench@example.org\n')
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(home, '.gitconfig') }
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
  const seed = join(root, 'seed')
  mkdirSync(join(seed, 'drafts'), { recursive: true })
  for (let n = 0; n < drafts; n++) {
    writeFileSync(join(seed, 'drafts', `draft-${n}.md`), draftText(n, `# Draft ${n}\n\n${'A paragraph of the pitch. '.repeat(40)}\n`))
    mkdirSync(join(seed, 'drafts', `draft-${n}.reviews`))
    for (let r = 0; r < 5; r++) {
      const record = recordText('Cleo', `Comment ${r} on draft ${n}`)
      writeFileSync(join(seed, 'drafts', `draft-${n}.reviews`, `${record.id}.yaml`), record.text)
    }
  }
  git(seed, 'init', '-q')
  git(seed, 'add', '-A')
  git(seed, 'commit', '-qm', 'the team folder')
  const remote = join(root, 'remote.git')
  git(root, 'clone', '-q', '--bare', seed, remote)
  git(root, 'clone', '-q', remote, join(root, 'ada'))
  git(root, 'clone', '-q', remote, join(root, 'ben'))
  // git's automatic housekeeping, which a commit or pull may start in the background, holds a
  // lock of the clone's for a while (the next sync, either side's, met its gc.log.lock) and
  // writes into it while a finished run removes it. Off in both clones, for both sides alike.
  for (const clone of ['ada', 'ben']) {
    git(join(root, clone), 'config', 'gc.auto', '0')
    git(join(root, clone), 'config', 'maintenance.auto', 'false')
  }
  return { root, env, git, ada: join(root, 'ada'), ben: join(root, 'ben'), remote }
}

/** One round's change in `clone`: one draft edited, two comments on it. Answers the files. */
function change(clone: string, draft: number, round: number, who: string): string[] {
  const path = join(clone, 'drafts', `draft-${draft}.md`)
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^# Draft.*$/m, `# Draft ${draft} (round ${round} by ${who})`))
  const files = [`drafts/draft-${draft}.md`]
  for (let c = 0; c < 2; c++) {
    const record = recordText(who, `Round ${round}, comment ${c}`)
    writeFileSync(join(clone, 'drafts', `draft-${draft}.reviews`, `${record.id}.yaml`), record.text)
    files.push(`drafts/draft-${draft}.reviews/${record.id}.yaml`)
  }
  return files.sort()
}

function service(t: Team, clone: string): SyncService {
  return new SyncService({
    folder: () => join(clone, 'drafts'),
    env: t.env,
    reviewerName: () => Promise.resolve(null),
    memoryFile: null,
    now: () => new Date(),
    log: silentLogger,
  })
}

async function measure(drafts: number, runs: number): Promise<{ app: number[]; git: number[] }> {
  const t = team(drafts)
  const ada = service(t, t.ada)
  const ben = service(t, t.ben)
  const appTimes: number[] = []
  const gitTimes: number[] = []
  try {
    for (let round = 0; round < runs + 1; round++) {
      // The app: Ada sends, Ben receives.
      const files = change(t.ada, round % drafts, round, 'Ada')
      let start = performance.now()
      await ada.sync()
      await ben.sync()
      const app = performance.now() - start
      check(
        t.git(t.remote, 'show', '--name-only', '--format=', 'main').trim().split('\n').sort().join() === files.join(),
        `round ${round}: the app's commit holds exactly the round's files`,
      )
      check(
        files.slice(1).some((file) => readFileSync(join(t.ben, file), 'utf8').includes(`Round ${round}, comment 0`)),
        `round ${round}: Ben has Ada's comment`,
      )

      // A person at a terminal: Ben sends, Ada receives.
      const mine = change(t.ben, (round + drafts / 2) % drafts, round, 'Ben')
      start = performance.now()
      t.git(t.ben, 'add', '-A', 'drafts')
      t.git(t.ben, 'commit', '-qm', `Ben: round ${round}`)
      t.git(t.ben, 'pull', '--no-rebase', '-q')
      t.git(t.ben, 'push', '-q')
      t.git(t.ada, 'pull', '--no-rebase', '-q')
      const plain = performance.now() - start
      check(
        t.git(t.remote, 'show', '--name-only', '--format=', 'main').trim().split('\n').sort().join() === mine.join(),
        `round ${round}: git's commit holds exactly the round's files`,
      )
      if (round > 0) {
        appTimes.push(app)
        gitTimes.push(plain)
      }
    }
  } finally {
    await ada.close()
    await ben.close()
    rmSync(t.root, { recursive: true, force: true })
  }
  return { app: appTimes, git: gitTimes }
}

/** `grant-desk sync` with nothing to do, and `git status && git pull && git push`, in a clone of `drafts` drafts. */
async function measureNothingToDo(project: string, drafts: number, runs: number): Promise<RowSpec> {
  const name = `grant-desk sync with nothing to do, a clone of ${drafts.toLocaleString('en')} drafts (${(drafts * 6).toLocaleString('en')} files)`
  const t = team(drafts)
  try {
    const bundle = buildCli(project, join(t.root, 'cli'))
    // (git's background housekeeping is off in the clones: see team().)
    const head = t.git(t.ada, 'rev-parse', 'HEAD').trim()
    const failures: string[] = []
    const times = await timeCases(
      {
        app: async () => {
          const ran = await runProgram(process.execPath, [bundle, 'sync', join(t.ada, 'drafts')], { cwd: t.ada, env: t.env })
          if (ran.code !== 0 || !ran.stdout.includes('already up to date'))
            failures.push(`grant-desk sync exited ${ran.code}: ${(ran.stdout + ran.stderr).slice(-300)}`)
        },
        baseline: async () => {
          const ran = await runProgram('sh', ['-c', 'git status && git pull && git push'], { cwd: t.ada, env: t.env })
          if (ran.code !== 0) failures.push(`git status && git pull && git push exited ${ran.code}: ${ran.stderr.slice(-300)}`)
        },
      },
      { runs, repeat: 3, warmup: 1 },
    )
    if (t.git(t.ada, 'rev-parse', 'HEAD').trim() !== head || t.git(t.remote, 'rev-parse', 'main').trim() !== head)
      failures.push('the clone or the remote moved during syncs that had nothing to do')
    if (failures.length > 0) return { name, unit: 'ms', values: [], error: failures.slice(0, 3).join('; ') }
    return {
      name,
      unit: 'ms',
      values: times.app,
      baseline: { name: 'git status && git pull && git push (sh -c), in the same clone', values: times.baseline },
      goal: { of: 'ratio', atMost: 3 },
      detail: ['the CLI bundled as npm run build:cli makes it, run with node; every run checked: exit 0, “already up to date”, HEAD unmoved'],
    }
  } finally {
    rmSync(t.root, { recursive: true, force: true })
  }
}

export default defineBench({
  title: 'Team sync through git: one draft edited and two comments, sent by one clone and received by the other',
  async run({ runs, project }) {
    const count = runs(7)
    const nothingToDo = await measureNothingToDo(project, 2_000, count)
    const large = await measure(2_000, count)
    const small = await measure(20, count)
    const rows: RowSpec[] = [nothingToDo]
    for (const [label, r] of [
      ['20 drafts, 120 files', small],
      ['2,000 drafts, 12,000 files', large],
    ] as const) {
      const name = `Team sync, a folder of ${label} (the app's sync, then the other's)`
      rows.push(
        problems.length > 0
          ? { name, unit: 'ms', values: [], error: problems.slice(0, 3).join('; ') }
          : { name, unit: 'ms', values: r.app, baseline: { name: 'git add, commit, pull, push at a terminal', values: r.git } },
      )
    }
    return rows
  },
})
