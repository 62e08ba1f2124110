/**
 * One temporary folder per test run (vitest's and Playwright's): the run points TMPDIR at it, so
 * every `tmpdir()` of the tests, and of the hosts, CLIs, gits and browsers they start, lands
 * inside it, and it is removed as the run ends. Many tests make folders they never remove (a
 * data folder, a sandbox's database, a clone); without this, each run left hundreds in /tmp.
 *
 * A run that fails keeps its folder and says where it is: a failing test's files are what the
 * person needs to read. Called from the runners' config files, which their workers load too:
 * a worker finds the variable set and uses its runner's folder.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SCRATCH_ENV = 'GRANT_DESK_TEST_SCRATCH'

export function useRunScratch(runner: string): string {
  const inherited = process.env[SCRATCH_ENV]
  if (inherited) return inherited
  const dir = mkdtempSync(join(tmpdir(), `grant-desk-${runner}-run-`))
  process.env[SCRATCH_ENV] = dir
  process.env['TMPDIR'] = dir
  process.on('exit', (code) => {
    if (code === 0) rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    else process.stderr.write(`The ${runner} run failed: its temporary files are kept in ${dir}\n`)
  })
  return dir
}
