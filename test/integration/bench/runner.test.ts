/**
 * The bench runner's logic (bench/lib/stats.ts): the spread and noise band of a row's runs, the
 * verdict against a goal (met, within noise, missed), rows that cannot be judged, and the exit
 * code with and without `--check`. Then the runner itself (bench/run.ts) on a folder of bench
 * files of this test's own: every file runs and every row is printed even when one file crashes
 * or is an old-style script, and `--check` alone fails on a goal missed beyond its noise band.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RowSpec } from '../../../bench/lib/row'
import { exitCode, judge, median, noiseBand, spread } from '../../../bench/lib/stats'
import { markdownTable } from '../../../bench/lib/report'

const PROJECT = fileURLToPath(new URL('../../..', import.meta.url))

const row = (values: number[], extra: Partial<RowSpec> = {}): RowSpec => ({ name: 'a row', unit: 'ms', values, ...extra })

describe('a row’s spread and noise band', () => {
  it('median, min and max of the runs', () => {
    expect(spread([5, 1, 4, 2, 3])).toEqual({ median: 3, min: 1, max: 5, runs: 5 })
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('the band is 1.4826 × the median absolute deviation: one wild run barely moves it', () => {
    expect(noiseBand([10, 10, 10, 10, 10])).toBe(0)
    // Deviations from 10: 2, 1, 0, 1, 2 → their median is 1.
    expect(noiseBand([8, 9, 10, 11, 12])).toBeCloseTo(1.4826, 6)
    expect(noiseBand([8, 9, 10, 11, 1000])).toBeCloseTo(1.4826, 6)
  })
})

describe('the verdict of a row', () => {
  it('a goal on the value: met, missed within its band, missed beyond it', () => {
    expect(judge(row([9, 10, 10, 10, 11], { goal: { of: 'value', atMost: 10 } })).verdict).toBe('met')
    // Median 10.5, band 1.48: half a unit over is within noise.
    const near = judge(row([9, 10, 10.5, 11, 12], { goal: { of: 'value', atMost: 10 } }))
    expect(near.verdict).toBe('within noise')
    expect(near.reason).toMatch(/misses ≤ 10 ms by 0\.50 \(noise band ±0\.74\)/)
    const far = judge(row([14, 15, 15, 15, 16], { goal: { of: 'value', atMost: 10 } }))
    expect(far.verdict).toBe('missed')
    expect(far.band).toBeCloseTo(0, 6)
  })

  it('a goal on the ratio is judged on the ratio of each run, against the baseline of the same run', () => {
    // The app takes twice the baseline in every run, though both drift a lot between runs.
    const twice = { values: [2, 4, 8, 16, 32], baseline: { name: 'plain', values: [1, 2, 4, 8, 16] } }
    const met = judge(row(twice.values, { baseline: twice.baseline, goal: { of: 'ratio', atMost: 2 } }))
    expect(met.verdict).toBe('met')
    expect(met.ratio).toEqual({ median: 2, min: 2, max: 2, runs: 5 })
    expect(met.band).toBe(0)
    expect(judge(row(twice.values, { baseline: twice.baseline, goal: { of: 'ratio', atMost: 1.5 } })).verdict).toBe('missed')
    // "At least": throughput against a baseline.
    expect(
      judge(
        row([40, 41, 39, 40, 40], { unit: 'requests/s', baseline: { name: 'bare', values: [100, 100, 100, 100, 100] }, goal: { of: 'ratio', atLeast: 0.5 } }),
      ).verdict,
    ).toBe('missed')
    expect(
      judge(
        row([60, 61, 59, 60, 60], { unit: 'requests/s', baseline: { name: 'bare', values: [100, 100, 100, 100, 100] }, goal: { of: 'ratio', atLeast: 0.5 } }),
      ).verdict,
    ).toBe('met')
    expect(
      judge(
        row([48, 52, 45, 55, 49], { unit: 'requests/s', baseline: { name: 'bare', values: [100, 100, 100, 100, 100] }, goal: { of: 'ratio', atLeast: 0.5 } }),
      ).verdict,
    ).toBe('within noise')
  })

  it('rows that cannot be judged are errors; rows without a goal are information; skipped rows say why', () => {
    expect(judge(row([1, 2, 3, 4])).verdict).toBe('error')
    expect(judge(row([1, 2, 3, 4])).reason).toMatch(/4 runs, fewer than the 5/)
    expect(judge(row([1, 2, 3, 4, Number.NaN])).verdict).toBe('error')
    expect(judge(row([1, 2, 3, 4, 5], { goal: { of: 'ratio', atMost: 2 } })).reason).toMatch(/needs a baseline/)
    expect(judge(row([1, 2, 3, 4, 5], { baseline: { name: 'b', values: [1, 2, 3, 4, 5, 6] } })).verdict).toBe('error')
    expect(judge(row([1, 2, 3, 4, 5], { baseline: { name: 'b', values: [1, 0, 1, 1, 1] } })).verdict).toBe('error')
    expect(judge(row([], { error: 'the answer was wrong' }))).toMatchObject({ verdict: 'error', reason: 'the answer was wrong' })
    expect(judge(row([], { skipped: 'no folder' }))).toMatchObject({ verdict: 'skipped', reason: 'no folder' })
    expect(judge(row([1, 2, 3, 4, 5])).verdict).toBe('info')
  })

  it('the exit code: errors always fail; a goal missed beyond its band fails only with --check', () => {
    const met = judge(row([1, 1, 1, 1, 1], { goal: { of: 'value', atMost: 2 } }))
    const noisy = judge(row([1, 2, 3, 4, 5], { goal: { of: 'value', atMost: 2.5 } }))
    const missed = judge(row([5, 5, 5, 5, 5], { goal: { of: 'value', atMost: 2 } }))
    const skipped = judge(row([], { skipped: 'absent' }))
    const error = judge(row([], { error: 'crashed' }))
    expect(noisy.verdict).toBe('within noise')
    expect(exitCode([met, noisy, skipped], true)).toBe(0)
    expect(exitCode([met, missed], false)).toBe(0)
    expect(exitCode([met, missed], true)).toBe(1)
    expect(exitCode([met, error], false)).toBe(1)
  })

  it('the Markdown table has a line per row, errors and skips included', () => {
    const table = markdownTable([
      judge(row([1, 2, 3, 4, 5], { name: 'timed | piped', baseline: { name: 'plain', values: [1, 1, 1, 1, 1] }, goal: { of: 'ratio', atMost: 4 } })),
      judge(row([], { name: 'absent', skipped: 'no folder' })),
    ])
    const lines = table.split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[2]).toBe('| timed \\| piped | 3.00 ms [1.00 … 5.00] | plain: 1.00 ms [1.00 … 1.00] | 3.00 [1.00 … 5.00] | ±1.48 | ≤ 4× | met |')
    expect(lines[3]).toBe('| absent | — | — | — | — | — | skipped: no folder |')
  })
})

describe('the runner', () => {
  let dir: string
  const rowModule = pathToFileURL(join(PROJECT, 'bench/lib/row.ts')).href
  const bench = (title: string, rows: string) =>
    `import { defineBench } from ${JSON.stringify(rowModule)}\nexport default defineBench({ title: ${JSON.stringify(title)}, run: ({ runs }) => [${rows}] })\n`

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'grant-desk-bench-runner-'))
    writeFileSync(
      join(dir, 'a-met.bench.ts'),
      bench('Met', `{ name: 'fast row', unit: 'ms', values: Array(runs(5)).fill(1), goal: { of: 'value', atMost: 2 } }`),
    )
    writeFileSync(join(dir, 'b-crash.bench.ts'), `throw new Error('this bench broke')\n`)
    writeFileSync(
      join(dir, 'c-missed.bench.ts'),
      bench('Missed', `{ name: 'slow row', unit: 'ms', values: [5, 5, 5, 5, 5], goal: { of: 'value', atMost: 2 } }`),
    )
    writeFileSync(join(dir, 'd-script.bench.ts'), `console.log('an old-style script printing its own results')\n`)
    writeFileSync(join(dir, 'not-a-bench.ts'), `throw new Error('never run')\n`)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(PROJECT, 'bench/run.ts'), ...args], {
      cwd: PROJECT,
      env: { ...process.env, BENCH_DIR: dir, BENCH_RUNS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    return { code: result.status, out: result.stdout }
  }

  it('runs every file and prints every row, even after a file that crashes', () => {
    const { code, out } = run()
    expect(out).toContain('[met] fast row (goal ≤ 2 ms)')
    expect(out).toMatch(/\[ERROR\] b-crash\.bench\.ts\n\s+it failed: Error: this bench broke/)
    expect(out).toContain('[MISSED] slow row (goal ≤ 2 ms)')
    expect(out).toContain('[skipped] d-script.bench.ts: a script without rows')
    expect(out).not.toContain('never run')
    expect(out).toContain('| fast row | 1.00 ms [1.00 … 1.00] | — | — | ±0 ms | ≤ 2 ms | met |')
    expect(out).toContain('4 rows: 1 met, 0 within noise, 1 missed, 0 without a goal, 1 skipped, 1 errors.')
    // The crash is an error: exit 1 even without --check.
    expect(code).toBe(1)
  })

  it('without --check a missed goal is printed, not failed; with --check it fails', () => {
    expect(run('met', 'missed').code).toBe(0)
    const checked = run('--check', 'met', 'missed')
    expect(checked.out).toContain('2 rows: 1 met, 0 within noise, 1 missed')
    expect(checked.code).toBe(1)
    expect(run('--check', 'met').code).toBe(0)
  })
})
