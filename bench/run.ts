/**
 * `npm run bench`: runs every bench file (`bench/*.bench.ts`), one after another, each in a
 * process of its own, and prints every row even when a file fails; then every row again as one
 * Markdown table (what the README's results table is copied from).
 *
 *   npm run bench                     every file; exit 1 only when a bench failed or measured a wrong answer
 *   npm run bench -- --check          also exit 1 when a goal is missed by more than its noise band
 *   npm run bench -- history sandbox  only the files whose names contain one of these words
 *
 * To add a row, add a file `bench/<name>.bench.ts` whose default export is `defineBench(…)`
 * (bench/lib/row.ts shows one); the runner picks it up. `BENCH_RUNS` sets the runs per row
 * (never fewer than 5); `BENCH_FILE_TIMEOUT_S` (default 900) stops a file that hangs; `BENCH_DIR`
 * runs the bench files of another folder (the runner's own test does).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { cpus, freemem, loadavg, release, tmpdir, totalmem, type } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { markdownTable, rowLines } from './lib/report'
import type { RowSpec } from './lib/row'
import { type JudgedRow, exitCode, judge } from './lib/stats'

const HERE = fileURLToPath(new URL('.', import.meta.url))
/** Where the bench files are: this folder (a test points the runner at a folder of its own). */
const BENCH_DIR = process.env['BENCH_DIR'] ?? HERE
const TIMEOUT_MS = Number(process.env['BENCH_FILE_TIMEOUT_S'] ?? 900) * 1000

const args = process.argv.slice(2)
const check = args.includes('--check')
const words = args.filter((arg) => !arg.startsWith('--'))
const files = readdirSync(BENCH_DIR)
  .filter((name) => name.endsWith('.bench.ts') && (words.length === 0 || words.some((word) => name.includes(word))))
  .sort()

/** Runs one file in its own process group; its rows, or one error row saying what went wrong. */
async function runFile(name: string, resultDir: string): Promise<{ title: string; rows: RowSpec[] }> {
  const out = join(resultDir, `${name}.json`)
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'lib/child.ts'), join(BENCH_DIR, name), out], {
    stdio: 'inherit',
    detached: true, // its own process group: a timeout stops what it started too (servers, Chromium)
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }, TIMEOUT_MS)
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])))
  clearTimeout(timer)
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as { title: string; rows: RowSpec[] }
  } catch {
    const why = timedOut
      ? `it ran longer than ${TIMEOUT_MS / 1000} s and was stopped`
      : `its process ended (${signal ?? `exit code ${code}`}) before giving its rows`
    return { title: name, rows: [{ name, unit: '', values: [], error: why }] }
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')
const cpu = cpus()
console.log(`Benchmarks: ${files.length} files${check ? ', --check' : ''}`)
console.log(
  `Machine: ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), ${type()} ${release()}, Node ${process.version}; load average ${load()}`,
)

const resultDir = mkdtempSync(join(tmpdir(), 'grant-desk-bench-'))
const judged: JudgedRow[] = []
try {
  for (const name of files) {
    const started = performance.now()
    console.log(`\n${name}`)
    const { title, rows } = await runFile(name, resultDir)
    console.log(`${title} (${name}, ${((performance.now() - started) / 1000).toFixed(0)} s)`)
    for (const row of rows.map(judge)) {
      judged.push(row)
      for (const line of rowLines(row)) console.log(line)
    }
  }
} finally {
  rmSync(resultDir, { recursive: true, force: true })
}

const count = (verdict: JudgedRow['verdict']) => judged.filter((row) => row.verdict === verdict).length
console.log(`\nAll rows (load average at the end ${load()}):\n`)
console.log(markdownTable(judged))
console.log(
  `\n${judged.length} rows: ${count('met')} met, ${count('within noise')} within noise, ${count('missed')} missed, ${count('info')} without a goal, ${count('skipped')} skipped, ${count('error')} errors.`,
)
process.exitCode = exitCode(judged, check)
