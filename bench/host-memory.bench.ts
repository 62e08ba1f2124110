/**
 * `npm run bench`: the browser host's memory with 5,000 drafts, against the same host on an empty
 * data folder (issue 34: it was 1.72–1.92× and grew with the number of drafts, not their size).
 *
 * Each side is the bundled host as the start commands run it (`hostCommand()`), pointed at a
 * sandbox already running, its page's start made over HTTP as the page makes it (the calls of
 * src/host/warm-up.ts: the grant list, then the rest, the Drafts list among them), then the Drafts
 * list once more after the start's background work (the reminders' first check reads every
 * draft). Then the host collects its garbage, in each of its threads, and reports its memory (bench/lib/report-memory.mjs,
 * loaded with `--import`: nothing of the host is changed for it). The row is the resident set
 * size after that; the heap in use is printed under it. The drafts are synthetic, 5,000 of them
 * under one grant, about 6 KB each, one in ten with three review records. Goal: ≤ 1.5×.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hostCommand } from '../scripts/launch/browser-host.mjs'
import { FIRST_CALLS, THEN_CALLS } from '../src/host/warm-up'
import { threadRecordFile } from '../test/support/review-records'
import { defineBench } from './lib/row'
import { median } from './lib/stats'
import { OBJECTS, SUBJECTS, TAILS, VERBS, chooser } from './synthetic'

const DRAFTS = 5_000
const USER = { email: 'ada@example.org', password: 'grant-desk-demo' }
const READY = /Grant Desk \(browser\) at (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/

/** A draft file as the app writes it (format grant-desk-draft/1), its pitch sentences of the bench's word lists. */
function draftFile(n: number): string {
  const { pick, int } = chooser(n + 1)
  const sentences = Array.from({ length: 60 }, () => `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)}.`)
  const paragraphs = Array.from({ length: 6 }, (_, p) => sentences.slice(p * 10, p * 10 + 10).join(' '))
  const day = String(1 + (n % 28)).padStart(2, '0')
  return [
    '---',
    'format: "grant-desk-draft/1"',
    'grant:',
    '  id: "5a0e7d3c-1f00-4c8e-9a5e-000000000012"',
    `  title: "Bench grant ${int(1, 40)}"`,
    '  reward: "Up to 50,000 USD"',
    '  deadline: "2099-12-31T23:59:59.000Z"',
    '  apply_endpoint: "POST /api/build/5a0e7d3c-1f00-4c8e-9a5e-000000000012/apply"',
    '  type: "grant"',
    '  application_schema:',
    '    - name: "project_name"',
    '      label: "Project name"',
    '      type: "text"',
    '      required: true',
    'custom_fields:',
    `  project_name: "Project ${n}"`,
    'status: "draft"',
    'application_id: null',
    `created_at: "2026-05-${day}T10:00:00.000Z"`,
    `updated_at: "2026-06-${day}T10:${String(n % 60).padStart(2, '0')}:00.000Z"`,
    'reviews: []',
    '---',
    '',
    `# Project ${n}`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
  ].join('\n')
}

function writeDrafts(folder: string): void {
  mkdirSync(folder, { recursive: true })
  for (let n = 0; n < DRAFTS; n++) {
    const id = `draft-${String(n).padStart(4, '0')}`
    writeFileSync(join(folder, `${id}.md`), draftFile(n))
    if (n % 10 === 0) {
      mkdirSync(join(folder, `${id}.reviews`))
      for (let r = 0; r < 3; r++) {
        const { name, text } = threadRecordFile(n * 3 + r)
        writeFileSync(join(folder, `${id}.reviews`, name), text)
      }
    }
  }
}

/** Starts a process and resolves once a line of its output matches. */
function startProcess(command: string, args: string[], env: Record<string, string>, cwd: string, pattern: RegExp) {
  return new Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let resolved = false
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = pattern.exec(output)
      if (match && !resolved) {
        resolved = true
        resolve({ child, match, output: () => output })
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      if (!resolved) reject(new Error(`${args.join(' ')} exited with ${code} before it was ready: ${output.slice(-2000)}`))
    })
  })
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

interface Memory {
  rss: number
  heapUsed: number
  /** The pages V8 holds for the heaps of all threads, in use or not. */
  heapCommitted: number
  /** What V8 allocated with malloc beside its heaps, all threads. */
  malloced: number
  external: number
  /** The host's threads whose heaps were collected and counted (the main thread and the core's). */
  threads: number
}

export default defineBench({
  title: 'Browser host memory, 5,000 drafts against an empty data folder',
  async run({ runs, project, log }) {
    const root = mkdtempSync(join(tmpdir(), 'grant-desk-bench-memory-'))
    const children: ChildProcess[] = []
    try {
      const sandbox = await startProcess(
        process.execPath,
        ['--import', 'tsx', 'src/service/main.ts'],
        { PORT: '0', GRANT_SERVICE_DATA: join(root, 'service.db') },
        project,
        /listening on (http:\/\/\S+)/,
      )
      children.push(sandbox.child)
      const serviceUrl = sandbox.match[1]!
      const data = { empty: join(root, 'empty'), full: join(root, 'full') }
      writeDrafts(join(data.full, 'drafts'))
      log(`${DRAFTS} drafts written`)
      const [command, args] = hostCommand()
      const memoryArgs = ['--expose-gc', '--import', join(project, 'bench/lib/report-memory.mjs'), ...args]

      /** One host on `dataDir`: the page's start, the list again, then its memory after GC. */
      const measure = async (dataDir: string, login: boolean): Promise<Memory & { drafts: number }> => {
        const host = await startProcess(command, memoryArgs, { GRANT_DESK_PORT: '0', GRANT_DESK_DATA: dataDir, GRANT_SERVICE_URL: serviceUrl }, project, READY)
        try {
          const call = async (channel: string, input?: unknown) => {
            const response = await fetch(`${host.match[1]}/rpc/${channel}`, {
              method: 'POST',
              headers: { 'x-grant-desk-token': host.match[2]! },
              // No body for a channel without input, as the bridge sends it.
              ...(input === undefined ? {} : { body: JSON.stringify(input) }),
            })
            const answer = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } }
            if (!answer.ok) throw new Error(`${channel}: ${answer.error?.message}`)
            return answer.value
          }
          if (login) await call('session.login', USER)
          for (const wave of [FIRST_CALLS, THEN_CALLS]) await Promise.all(wave.map(([channel, input]) => call(channel, input)))
          // After the start's background work (the reminders' first check reads every draft).
          await new Promise((resolve) => setTimeout(resolve, 2_000))
          const { items } = (await call('drafts.list')) as { items: unknown[] }
          const before = host.output().length
          host.child.kill('SIGUSR2')
          const line = await new Promise<string>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('the host did not report its memory')), 30_000)
            const look = () => {
              const output = host.output().slice(before)
              const failed = /MEMORY-FAILED (.*)/.exec(output)
              const match = /MEMORY (\{.*\})/.exec(output)
              if (failed) {
                clearTimeout(timer)
                reject(new Error(`the host could not collect its garbage: ${failed[1]}`))
              } else if (match) {
                clearTimeout(timer)
                resolve(match[1]!)
              } else setTimeout(look, 50)
            }
            look()
          })
          const memory = JSON.parse(line) as Memory
          const mb = (bytes: number) => bytes / 2 ** 20
          return {
            rss: mb(memory.rss),
            heapUsed: mb(memory.heapUsed),
            heapCommitted: mb(memory.heapCommitted),
            malloced: mb(memory.malloced),
            external: mb(memory.external),
            threads: memory.threads,
            drafts: items.length,
          }
        } finally {
          await stopProcess(host.child)
        }
      }

      // Logged in once on each side (the credentials stay in the data folder).
      log('first start of each (logging in)…')
      await measure(data.empty, true)
      const first = await measure(data.full, true)
      if (first.drafts !== DRAFTS) throw new Error(`drafts.list answered ${first.drafts} drafts, not ${DRAFTS}`)
      const full: Memory[] = []
      const empty: Memory[] = []
      const runCount = runs(5)
      for (let run = 0; run < runCount; run++) {
        log(`run ${run + 1} of ${runCount}…`)
        const measured = await measure(data.full, false)
        if (measured.drafts !== DRAFTS) throw new Error(`drafts.list answered ${measured.drafts} drafts, not ${DRAFTS}`)
        full.push(measured)
        const none = await measure(data.empty, false)
        if (none.drafts !== 0) throw new Error(`drafts.list of the empty folder answered ${none.drafts} drafts`)
        empty.push(none)
      }
      const heap = (values: Memory[], key: 'heapUsed' | 'heapCommitted' | 'malloced' | 'external' = 'heapUsed') => median(values.map((m) => m[key])).toFixed(1)
      return [
        {
          name: 'Browser host memory after GC (resident set), 5,000 drafts listed',
          unit: 'MB',
          values: full.map((m) => m.rss),
          baseline: { name: 'the same host on an empty data folder', values: empty.map((m) => m.rss) },
          goal: { of: 'ratio', atMost: 1.5 },
          detail: [
            `heap in use after GC (all ${full[0]?.threads ?? '?'} threads' heaps), median MB: 5,000 drafts ${heap(full)}, empty ${heap(empty)}`,
            `heap pages held, median MB: 5,000 drafts ${heap(full, 'heapCommitted')}, empty ${heap(empty, 'heapCommitted')}; ` +
              `V8's malloc: ${heap(full, 'malloced')}, ${heap(empty, 'malloced')}; external (buffers): ${heap(full, 'external')}, ${heap(empty, 'external')}`,
          ],
        },
      ]
    } finally {
      for (const child of children) await stopProcess(child)
      rmSync(root, { recursive: true, force: true })
    }
  },
})
