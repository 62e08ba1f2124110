/**
 * A team repository that a teammate pushed a big change to: `records` review records spread over
 * `drafts` drafts, and optionally one draft of `bigFileBytes`. Written with `git fast-import`
 * straight into the bare remote, so a 20,000-file commit takes a second or two to make, not the
 * minutes the app's own serializer and `git add` would take. Ada's clone has the drafts (an
 * earlier sync) and pulls; the measurement runs the built CLI as a child process, which reports
 * its own peak memory (`process.resourceUsage().maxRSS`) on exit.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { serializeRecord } from '../../src/shared/review'
import { runGit, teamGitEnv } from './git-team'
import { threadRecord } from './review-records'
import { tempDir } from './service'

const run = promisify(execFile)

export function draftText(id: number | string, title: string, pitchBytes = 0): string {
  const pitch = pitchBytes > 0 ? 'All of the pitch. '.repeat(Math.ceil(pitchBytes / 18)).slice(0, pitchBytes) : 'A short pitch.'
  return [
    '---',
    'format: grant-desk-draft/1',
    'grant:',
    `  id: 11111111-1111-4111-8111-${String(id).padStart(12, '0')}`,
    // JSON's escapes are YAML's; C1 controls and DEL, which JSON leaves raw, YAML wants escaped too.
    `  title: ${JSON.stringify(title).replace(/[\u007F-\u009F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`,
    '  reward: 15,000 USDC',
    '  deadline: 2099-01-01T00:00:00Z',
    '  apply_endpoint: POST /api/build/1/apply',
    '  application_schema: []',
    'custom_fields: {}',
    'status: draft',
    'application_id: null',
    'created_at: 2026-11-01T09:00:00.000Z',
    'updated_at: 2026-11-20T17:30:00.000Z',
    'reviews: []',
    '---',
    pitch,
    '',
  ].join('\n')
}

export interface BigRemote {
  root: string
  env: Record<string, string>
  /** Ada's clone: the drafts folder is its top. */
  ada: string
  git(cwd: string, ...args: string[]): string
}

/** A bare remote and Ada's clone, with `drafts` drafts committed and pushed. */
export function smallTeam(drafts: number): BigRemote {
  const root = tempDir('grant-desk-big-remote-')
  const home = join(root, 'home')
  mkdirSync(home)
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tname = Ada Example\n\temail = ada@example.org\n')
  const env = teamGitEnv(home)
  const git = (cwd: string, ...args: string[]) => runGit(cwd, env, args)
  const remote = join(root, 'remote.git')
  git(root, 'init', '-q', '--bare', '-b', 'main', remote)
  const ada = join(root, 'ada')
  git(root, 'clone', '-q', remote, ada)
  for (let n = 0; n < drafts; n++) writeFileSync(join(ada, `draft-${n}.md`), draftText(n, `Draft ${n}`))
  git(ada, 'add', '-A')
  git(ada, 'commit', '-qm', 'drafts')
  git(ada, 'push', '-q', 'origin', 'main')
  return { root, env, ada, git }
}

/**
 * Ben pushes one commit to the remote: `records` thread records spread over the first `drafts`
 * drafts and, with `bigFileBytes`, draft 0's pitch grown to that size. Titles and Ben's name may
 * hold anything (the escape tests give them escape sequences).
 */
export async function benPushes(
  team: BigRemote,
  options: { drafts: number; records: number; bigFileBytes?: number; author?: string; recordAuthor?: string; title?: (n: number) => string },
): Promise<void> {
  const remote = join(team.root, 'remote.git')
  const parent = team.git(remote, 'rev-parse', 'main').trim()
  const child = spawn('git', ['fast-import', '--quiet', '--force'], { cwd: remote, env: team.env, stdio: ['pipe', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}: ${stderr}`))))
  })
  const write = (data: string | Buffer) => (child.stdin.write(data) ? Promise.resolve() : new Promise<void>((resolve) => child.stdin.once('drain', resolve)))
  const blob = async (path: string, text: string) => {
    const bytes = Buffer.from(text)
    await write(`M 100644 inline ${path}\ndata ${bytes.length}\n`)
    await write(bytes)
    await write('\n')
  }
  const author = options.author ?? 'Ben Example'
  const message = Buffer.from('comments\n')
  await write(`commit refs/heads/main\nauthor ${author} <ben@example.org> 1764000000 +0000\ncommitter ${author} <ben@example.org> 1764000000 +0000\n`)
  await write(`data ${message.length}\n`)
  await write(message)
  await write(`from ${parent}\n`)
  if (options.title) for (let n = 0; n < options.drafts; n++) await blob(`draft-${n}.md`, draftText(n, options.title(n)))
  for (let n = 0; n < options.records; n++) {
    const record = threadRecord(n, options.recordAuthor ?? 'Ben')
    await blob(`draft-${n % options.drafts}.reviews/${record.id}.yaml`, serializeRecord(record))
  }
  if (options.bigFileBytes) await blob('draft-0.md', draftText(0, options.title?.(0) ?? 'Draft 0', options.bigFileBytes))
  child.stdin.end()
  await done
}

export interface CliRun {
  code: number
  stdout: string
  stderr: string
  ms: number
  /** The CLI process's own peak resident memory, in MB (git's children not counted). */
  peakMb: number
}

/**
 * Loaded before the CLI: on exit, its peak resident memory on stderr. VmHWM, not
 * `resourceUsage().maxRSS`: a child started with vfork begins with its parent's high-water mark
 * (the test runner's, which a 200 MB fast-import raised), so maxRSS would measure the test.
 */
const PEAK_REPORTER = `import { readFileSync, writeSync } from 'node:fs'
process.on('exit', () => {
  let kb = process.resourceUsage().maxRSS
  try {
    kb = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1])
  } catch {}
  writeSync(2, '\\npeak-rss-kb ' + kb + '\\n')
})
`

/** The built CLI (`bin/grant-desk.mjs`) syncing `folder`, as a child process. */
export async function runBuiltSync(team: BigRemote, folder: string, bin = join(process.cwd(), 'bin', 'grant-desk.mjs')): Promise<CliRun> {
  const preload = join(team.root, 'peak.mjs')
  writeFileSync(preload, PEAK_REPORTER)
  const started = performance.now()
  const done = await run(process.execPath, ['--import', preload, bin, 'sync', folder], {
    env: team.env,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (ok) => ({ ...ok, code: 0 }),
    (error: { code: number; stdout: string; stderr: string }) => ({ stdout: error.stdout, stderr: error.stderr, code: error.code }),
  )
  const ms = performance.now() - started
  const peak = /peak-rss-kb (\d+)/.exec(done.stderr)
  return { code: done.code, stdout: done.stdout, stderr: done.stderr.replace(/\npeak-rss-kb \d+\n$/, ''), ms, peakMb: peak ? Number(peak[1]) / 1024 : NaN }
}

/** The commits' full messages in `folder`'s history. */
export function messages(team: BigRemote, folder: string): string {
  return execFileSync('git', ['log', '--format=%B%x00'], { cwd: folder, env: team.env, encoding: 'utf8' })
}
