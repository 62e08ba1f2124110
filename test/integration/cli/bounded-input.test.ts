/**
 * The CLI bounds what it reads (issue 21): only regular files, at most the size of the largest
 * draft the app reads, and every front matter within the app's YAML bounds (another tool's is
 * never parsed). Each case runs the bundled CLI on real files, as CI runs it; the time and memory
 * bounds are the functional ones (generous: a hang or a read of gigabytes fails them,
 * machine load does not). Memory is the CLI process's own peak (maxRSS, read at its exit by a
 * preloaded module).
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/service'

const BIN = join(process.cwd(), 'bin/grant-desk.mjs')
let dir: string
let preload: string

interface Run {
  code: number
  stdout: string
  stderr: string
  ms: number
  maxRssMb: number
}

async function cli(...args: string[]): Promise<Run> {
  const started = performance.now()
  const result = await promisify(execFile)(process.execPath, ['--import', preload, BIN, ...args], { maxBuffer: 64 * 1024 * 1024, timeout: 30_000 }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
  const ms = performance.now() - started
  const rss = /maxrss-kb:(\d+)/.exec(result.stderr)
  return { ...result, stderr: result.stderr.replace(/maxrss-kb:\d+\n?/, ''), ms, maxRssMb: rss ? Number(rss[1]) / 1024 : NaN }
}

/** A pitch with no errors, so the exit code says whether the file was read (0) or refused (2). */
const PITCH =
  '# Atlas\n\nLumen contract developers wait 20 minutes for a funded test account.\n\n## Milestones\n\n| Milestone | Deliverables | Weeks | Amount (USD) |\n| --- | --- | --- | --- |\n| M1 Faucet | https://github.com/lumen/faucet | 4 | 6,000 |\n'

beforeAll(async () => {
  dir = tempDir('grant-desk-bounded-')
  preload = join(dir, 'maxrss.mjs')
  // Prints the process's peak memory when it exits (the CLI sets process.exitCode and returns).
  writeFileSync(preload, "process.on('exit', () => process.stderr.write(`maxrss-kb:${process.resourceUsage().maxRSS}\\n`))\n")
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('grant-desk lint reads within bounds', () => {
  it('answers within 2 s on a front matter of 50,000 keys from another tool, naming some of them', async () => {
    const file = join(dir, 'foreign-50k.md')
    const keys = Array.from({ length: 50_000 }, (_, i) => `key_${i}: v${i}`).join('\n')
    writeFileSync(file, `---\n${keys}\n---\n${PITCH}`)
    const run = await cli('lint', '--format', 'json', file)
    expect(run.code, run.stderr).toBe(0)
    expect(run.ms).toBeLessThan(2_000)
    const [report] = JSON.parse(run.stdout) as Array<{ findings: Array<{ ruleId: string; severity: string; message: string; line: number }> }>
    const note = report!.findings.find((f) => f.ruleId === 'front-matter')
    expect(note).toMatchObject({ severity: 'info' })
    expect(note!.message).toContain('key_0, key_1')
    expect(note!.message).toContain('49,988 more')
    // Findings about the pitch are at its lines, after the 50,002 lines of the front matter.
    expect(report!.findings.filter((f) => f.ruleId !== 'front-matter').every((f) => f.line > 50_002)).toBe(true)
  }, 30_000)

  it('refuses a 50 MB file with its size and exit code 2, within 10 s and 500 MB', async () => {
    const file = join(dir, 'huge.md')
    writeFileSync(file, `# Huge\n\n${'All work and no play makes a long pitch.\n'.repeat(1_250_000)}`)
    const run = await cli('lint', file)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/huge\.md: it is too large to be a draft \(4\d MB; a draft is at most 8 MB\), so it was not read/)
    expect(run.ms).toBeLessThan(10_000)
    expect(run.maxRssMb).toBeLessThan(500)
  }, 60_000)

  it('still lints the other files of a folder when one is too large, and exits 2', async () => {
    const folder = join(dir, 'mixed')
    mkdirSync(folder)
    writeFileSync(join(folder, 'a-good.md'), PITCH)
    writeFileSync(join(folder, 'b-huge.md'), 'x'.repeat(9 * 1024 * 1024))
    const run = await cli('lint', folder)
    expect(run.code).toBe(2)
    expect(run.stdout).toContain('a-good.md')
    expect(run.stderr).toContain('b-huge.md: it is too large to be a draft')
  }, 30_000)

  it.each([
    ['lint', []],
    ['review', []],
    ['export', ['-o', 'copy.html']],
  ] as const)(
    '%s: a FIFO named on the command line gets exit 2 within 1 s, with the reason',
    async (command, extra) => {
      const fifo = join(dir, `${command}-pipe.md`)
      execFileSync('mkfifo', [fifo])
      const run = await cli(command, ...extra.map((a) => (a === 'copy.html' ? join(dir, a) : a)), fifo)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('it is a named pipe (FIFO)')
      expect(run.ms).toBeLessThan(1_000 + startup)
    },
    30_000,
  )

  it.each(['lint', 'review', 'export'])(
    '%s: a device named on the command line gets exit 2 within 1 s, never read',
    async (command) => {
      const run = await cli(command, '/dev/zero')
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('it is a character device')
      expect(run.ms).toBeLessThan(1_000 + startup)
      expect(run.maxRssMb).toBeLessThan(200)
    },
    30_000,
  )

  it('skips a FIFO inside a folder it searches, and lints the rest', async () => {
    const folder = join(dir, 'with-pipe')
    mkdirSync(folder)
    writeFileSync(join(folder, 'pitch.md'), PITCH)
    execFileSync('mkfifo', [join(folder, 'pipe.md')])
    const run = await cli('lint', folder)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('1 draft checked')
  }, 30_000)
})

/**
 * The 1 s for a FIFO or a device is the CLI's own work; starting Node and loading the bundle is
 * measured here once (the same command on a missing file), so a loaded machine does not fail it.
 */
let startup = 0
beforeAll(async () => {
  const run = await cli('lint', join(dir, 'missing.md'))
  expect(run.code).toBe(2)
  startup = run.ms
}, 30_000)
