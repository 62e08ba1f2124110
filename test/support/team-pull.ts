/**
 * A teammate's `git pull` of many review record files into the drafts folder a real core
 * watches, while an unrelated call is made to the core every few milliseconds: how long each
 * of those took (the core must keep answering), and when the new threads showed in the review.
 *
 * Real parts throughout: a real core and sandbox, the drafts folder a real git repository, the
 * teammate's records written by the real serializer into a clone and committed, and `git pull`
 * run as its own process (so the files arrive as they would, while the core's event loop is
 * free to be measured).
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { startTestCore, type TestCore } from './core'
import { threadRecordFile } from './review-records'
import { IDS, tempDir } from './service'

const run = promisify(execFile)

function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@example.org',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@example.org',
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: home,
  }
}

export interface PullResult {
  /** Milliseconds from when each unrelated call was due until its answer, in order. */
  latencies: number[]
  /** The same, for `idleMs` before the pull, while nothing arrived (a baseline). */
  idleLatencies: number[]
  /** From the start of the pull until every draft's review showed all of its new threads (null: not within the bound). */
  threadsShownMs: number | null
  /** How long `git pull` itself took. */
  pullMs: number
  /** The longest the event loop was blocked meanwhile, in ms (what of a slow answer was the loop, not the disk). */
  loopBlockedMs: number
}

/**
 * `drafts` drafts in a watched folder; a teammate adds `perDraft` thread records to each and
 * pushes; this side pulls. Waits at most `boundMs` for the threads to show.
 */
export async function pullManyRecords(options: {
  serviceUrl: string
  drafts: number
  perDraft: number
  boundMs: number
  probeEveryMs?: number
  /** Probe the core this long before the pull, while nothing arrives. Default 0. */
  idleMs?: number
}): Promise<PullResult & { core: TestCore; dispose(): Promise<void> }> {
  const folder = tempDir('grant-desk-pull-')
  const teammate = tempDir('grant-desk-teammate-')
  const env = gitEnv(folder)
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' })
  const core = await startTestCore({ serviceUrl: options.serviceUrl })
  await core.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
  git(folder, 'init', '-q', '-b', 'main')
  const ids: string[] = []
  for (let n = 0; n < options.drafts; n++) ids.push((await core.call('drafts.create', { grantId: IDS.open })).id)
  git(folder, 'add', '-A')
  git(folder, 'commit', '-qm', 'drafts')
  execFileSync('git', ['clone', '-q', folder, teammate], { env, encoding: 'utf8' })
  let serial = 0
  for (const id of ids) {
    const records = join(teammate, `${id}.reviews`)
    mkdirSync(records, { recursive: true })
    for (let n = 0; n < options.perDraft; n++) {
      const { name, text } = threadRecordFile(serial++, 'Ben')
      writeFileSync(join(records, name), text)
    }
  }
  git(teammate, 'add', '-A')
  git(teammate, 'commit', '-qm', 'comments')
  // The pull fetches from the teammate's clone (a remote like any other).
  git(folder, 'remote', 'add', 'teammate', teammate)
  // The core has settled (its first look at the folder is done) before anything arrives.
  await core.call('drafts.list')

  // Each call is due `every` ms after the previous answer; its latency counts from then, so a
  // core that blocks its event loop (and so delays the timer itself) is measured too.
  const every = options.probeEveryMs ?? 20
  const probe = async (into: number[]) => {
    const due = performance.now() + every
    await new Promise((done) => setTimeout(done, every))
    await core.call('settings.get')
    into.push(performance.now() - due)
  }
  const idleLatencies: number[] = []
  for (const idleEnd = performance.now() + (options.idleMs ?? 0); performance.now() < idleEnd;) await probe(idleLatencies)
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const latencies: number[] = []
  let probing = true
  const probes = (async () => {
    while (probing) await probe(latencies)
  })()

  const started = performance.now()
  let pullMs = 0
  const pulled = run('git', ['pull', '-q', 'teammate', 'main'], { cwd: folder, env }).then(() => {
    pullMs = performance.now() - started
  })
  let threadsShownMs: number | null = null
  const shown = new Set<string>()
  let seenEvents = 0
  while (performance.now() - started < options.boundMs) {
    // The review is asked again only after the core said a draft changed, as the app does.
    const changed = core.events.slice(seenEvents).filter((e) => e.event === 'drafts.changed')
    seenEvents = core.events.length
    const named = new Set(changed.flatMap((e) => (e.payload as { ids: string[] }).ids))
    for (const id of ids) {
      if (shown.has(id) || !named.has(id)) continue
      if ((await core.call('reviews.get', { draftId: id })).threads.length === options.perDraft) shown.add(id)
    }
    if (shown.size === ids.length) {
      threadsShownMs = performance.now() - started
      break
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  await pulled
  probing = false
  await probes
  loop.disable()
  const loopBlockedMs = loop.max / 1e6
  const dispose = async () => {
    await core.dispose()
    rmSync(folder, { recursive: true, force: true })
    rmSync(teammate, { recursive: true, force: true })
  }
  return { core, latencies, idleLatencies, threadsShownMs, pullMs, loopBlockedMs, dispose }
}
