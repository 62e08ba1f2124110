/**
 * The pure tier's guard (test/support/unit-setup.ts): a process started from a unit test, by
 * the test or by the code under it, through a named import or the module object, throws and
 * says where the test belongs, before anything runs.
 */
// eslint-disable-next-line no-restricted-imports -- the one unit test that must reach child_process: it proves the guard
import childProcess, { execFileSync, spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const REFUSED = /was called in the unit tier, which starts no process: move the test to test\/integration\./

describe('the unit tier', () => {
  it('refuses to start a process, however child_process was imported', () => {
    expect(() => spawn(process.execPath, ['--version'])).toThrow(REFUSED)
    expect(() => execFileSync(process.execPath, ['--version'])).toThrow(REFUSED)
    for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
      expect(() => (childProcess[name] as (...args: unknown[]) => unknown)(process.execPath, ['--version'])).toThrow(REFUSED)
    }
  })
})
