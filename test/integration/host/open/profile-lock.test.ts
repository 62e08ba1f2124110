/**
 * An app window left running on the profile by an earlier run is found by Chromium's own
 * lock (`SingletonLock` → `<host>-<pid>`), with real links and real processes; a lock that
 * names a dead pid, another program or another machine is not taken for one.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { browserOnProfile } from '../../../../src/host/open/app-window'
import { tempDir } from '../../../support/service'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function profileLockedBy(target: string): string {
  const root = tempDir('grant-desk-profile-')
  cleanups.push(() => rmSync(root, { recursive: true, force: true }))
  const profile = join(root, 'app-window-profile')
  mkdirSync(profile)
  symlinkSync(target, join(profile, 'SingletonLock'))
  return profile
}

/** A running program whose command line names the profile, as the browser's does. */
function programOn(profile: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)', '--', `--user-data-dir=${profile}`], { stdio: 'ignore' })
  cleanups.push(() => child.kill('SIGKILL'))
  return new Promise((resolve) => child.once('spawn', () => resolve(child.pid!)))
}

describe.skipIf(process.platform === 'win32')('browserOnProfile', () => {
  it('names the pid of a browser still running on the profile', async () => {
    const root = tempDir('grant-desk-profile-')
    cleanups.push(() => rmSync(root, { recursive: true, force: true }))
    const profile = join(root, 'app-window-profile')
    mkdirSync(profile)
    const pid = await programOn(profile)
    symlinkSync(`${hostname()}-${pid}`, join(profile, 'SingletonLock'))
    expect(browserOnProfile(profile)).toBe(pid)
  })

  it('ignores a lock whose pid is gone, or now another program, or on another machine', async () => {
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((resolve) => gone.once('exit', resolve))
    expect(browserOnProfile(profileLockedBy(`${hostname()}-${gone.pid}`))).toBeNull()
    expect(browserOnProfile(profileLockedBy(`${hostname()}-${process.pid}`))).toBeNull()
    const elsewhere = profileLockedBy('placeholder')
    rmSync(join(elsewhere, 'SingletonLock'))
    symlinkSync(`another-machine-${await programOn(elsewhere)}`, join(elsewhere, 'SingletonLock'))
    expect(browserOnProfile(elsewhere)).toBeNull()
  })

  it('finds nothing on a profile without a lock', () => {
    const root = tempDir('grant-desk-profile-')
    cleanups.push(() => rmSync(root, { recursive: true, force: true }))
    expect(browserOnProfile(join(root, 'missing'))).toBeNull()
  })
})
