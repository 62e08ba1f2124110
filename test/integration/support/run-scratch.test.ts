/**
 * The test runs' temporary folder (test/support/run-scratch.ts), in real Node processes: what a
 * run makes under TMPDIR goes inside it, a passing run removes it, a failing one keeps it and
 * says where, and a worker that inherits it makes none of its own.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const MODULE = join(import.meta.dirname, '../../support/run-scratch.ts')
const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** Runs a Node process that calls useRunScratch('probe'), leaves a file in `tmpdir()`, and exits with `code`. */
function probe(code: number, env: Record<string, string> = {}) {
  const parent = mkdtempSync(join(tmpdir(), 'grant-desk-scratch-probe-'))
  folders.push(parent)
  const script = `
    import { writeFileSync } from 'node:fs'
    import { tmpdir } from 'node:os'
    import { join } from 'node:path'
    import { useRunScratch } from ${JSON.stringify(MODULE)}
    const dir = useRunScratch('probe')
    writeFileSync(join(tmpdir(), 'left-by-a-test'), '')
    console.log(JSON.stringify({ dir, tmp: tmpdir() }))
    process.exit(${code})`
  const { GRANT_DESK_TEST_SCRATCH: _inherited, ...outer } = process.env
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...outer, TMPDIR: parent, ...env },
    encoding: 'utf8',
  })
  const said = JSON.parse(run.stdout.trim()) as { dir: string; tmp: string }
  return { parent, status: run.status, stderr: run.stderr, ...said }
}

describe('the test runs’ temporary folder', () => {
  it('holds what the run puts in tmpdir(), and is removed when the run passes', () => {
    const run = probe(0)
    expect(run.status).toBe(0)
    expect(run.dir.startsWith(join(run.parent, 'grant-desk-probe-run-'))).toBe(true)
    expect(run.tmp).toBe(run.dir)
    expect(existsSync(run.dir)).toBe(false)
    // (tsx, which runs the probe, keeps its cache in the TMPDIR it was started with.)
    expect(readdirSync(run.parent).filter((name) => name.startsWith('grant-desk-'))).toEqual([])
  })

  it('is kept, with its files, when the run fails, and the run says where', () => {
    const run = probe(1)
    expect(run.status).toBe(1)
    expect(readdirSync(run.dir)).toEqual(['left-by-a-test'])
    expect(run.stderr).toContain(`The probe run failed: its temporary files are kept in ${run.dir}`)
  })

  it('is the runner’s in a worker that inherits it: no second folder, nothing removed at the worker’s exit', () => {
    const runner = mkdtempSync(join(tmpdir(), 'grant-desk-scratch-runner-'))
    folders.push(runner)
    const run = probe(0, { GRANT_DESK_TEST_SCRATCH: runner, TMPDIR: runner })
    expect(run.dir).toBe(runner)
    expect(existsSync(runner)).toBe(true)
    expect(readdirSync(runner).filter((name) => name.startsWith('grant-desk-'))).toEqual([])
    expect(readdirSync(runner)).toContain('left-by-a-test')
  })
})
