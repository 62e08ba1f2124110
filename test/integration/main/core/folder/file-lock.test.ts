/**
 * The drafts' lock across processes when its holder died: on this computer (a process id that
 * no longer runs) it is cleared at once; from another computer, once its time went stale. Real
 * lock folders on disk, a real process that exited. And a lock held past its first refresh stays
 * its holder's, and is never left behind by it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../../../../../src/main/core/errors'
import { clearDeadLocks, clearOrphanedWrites, withFileLock } from '../../../../../src/main/core/folder/file-lock'
import { tempDir } from '../../../../support/service'

function leftLock(owner: string, ageMs: number): string {
  const path = join(tempDir('grant-desk-lock-'), 'draft.md')
  writeFileSync(path, 'text')
  mkdirSync(`${path}.lock`)
  writeFileSync(join(`${path}.lock`, 'owner'), owner)
  const then = new Date(Date.now() - ageMs)
  utimesSync(`${path}.lock`, then, then)
  return path
}

describe('withFileLock', () => {
  it('clears a lock left by a process of this computer that is gone, and leaves none behind', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    const path = leftLock(`${hostname()} ${gone}`, 0)
    await expect(withFileLock(path, silentLogger, async () => 'ran')).resolves.toBe('ran')
    expect(existsSync(`${path}.lock`)).toBe(false)
  })

  it('takes over a lock whose holder was killed before it wrote its owner file, after a few seconds, not after the staleness', async () => {
    const path = join(tempDir('grant-desk-lock-'), 'draft.md')
    writeFileSync(path, 'text')
    mkdirSync(`${path}.lock`)
    const then = new Date(Date.now() - 6_000)
    utimesSync(`${path}.lock`, then, then)
    const wait = { waitMs: 2_000, staleMs: 5 * 60_000, busy: () => new Error('waited') }
    await expect(withFileLock(path, silentLogger, async () => 'ran', wait)).resolves.toBe('ran')
    expect(existsSync(`${path}.lock`)).toBe(false)
  })

  it('takes over a lock whose owner file was cut short by a kill (empty), after a few seconds', async () => {
    const path = leftLock('', 6_000)
    const wait = { waitMs: 2_000, staleMs: 5 * 60_000, busy: () => new Error('waited') }
    await expect(withFileLock(path, silentLogger, async () => 'ran', wait)).resolves.toBe('ran')
  })

  it('takes over a stale lock of another computer, owner file and all', async () => {
    const path = leftLock('another-laptop 4242', 60_000)
    await expect(withFileLock(path, silentLogger, async () => 'ran')).resolves.toBe('ran')
    expect(existsSync(`${path}.lock`)).toBe(false)
  })

  it('keeps a lock held past its first refresh as its own, and leaves none behind', async () => {
    const path = join(tempDir('grant-desk-lock-'), 'draft.md')
    const warnings: string[] = []
    const log = { ...silentLogger, warn: (message: string) => void warnings.push(message) }
    // proper-lockfile refreshes at half the staleness (1 s here) and checks the folder's time first.
    const wait = { waitMs: 1_000, staleMs: 2_000, busy: () => new Error('waited') }
    await withFileLock(path, log, () => new Promise((done) => setTimeout(done, 1_600)), wait)
    expect(warnings).toEqual([])
    expect(existsSync(`${path}.lock`)).toBe(false)
  })

  it('removes its own lock that was marked taken over when nobody took it (a refresh that came late)', async () => {
    const path = join(tempDir('grant-desk-lock-'), 'draft.md')
    const warnings: string[] = []
    const log = { ...silentLogger, warn: (message: string) => void warnings.push(message) }
    const wait = { waitMs: 1_000, staleMs: 2_000, busy: () => new Error('waited') }
    await withFileLock(
      path,
      log,
      async () => {
        // A time proper-lockfile did not write: its next refresh takes the lock for taken over.
        const then = new Date(Date.now() - 60_000)
        utimesSync(`${path}.lock`, then, then)
        await new Promise((done) => setTimeout(done, 1_600))
      },
      wait,
    )
    expect(warnings).toEqual([`the lock of ${path} was taken over while held`])
    expect(existsSync(`${path}.lock`)).toBe(false)
  })

  it("leaves a lock another process took over while it was held: that one is the other's", async () => {
    const path = join(tempDir('grant-desk-lock-'), 'draft.md')
    const wait = { waitMs: 1_000, staleMs: 2_000, busy: () => new Error('waited') }
    await withFileLock(
      path,
      silentLogger,
      async () => {
        // What a takeover leaves: the folder made anew, with its new holder's owner file.
        rmSync(`${path}.lock`, { recursive: true })
        mkdirSync(`${path}.lock`)
        writeFileSync(join(`${path}.lock`, 'owner'), 'another-laptop 4242')
        await new Promise((done) => setTimeout(done, 1_600))
      },
      wait,
    )
    expect(readFileSync(join(`${path}.lock`, 'owner'), 'utf8')).toBe('another-laptop 4242')
  })

  it('holds the lock while the task runs, marked as this process', async () => {
    const path = join(tempDir('grant-desk-lock-'), 'draft.md')
    const owner = await withFileLock(path, silentLogger, () => Promise.resolve(readFileSync(join(`${path}.lock`, 'owner'), 'utf8')))
    expect(owner).toBe(`${hostname()} ${process.pid}`)
    expect(existsSync(`${path}.lock`)).toBe(false)
  })
})

describe('clearDeadLocks', () => {
  it("clears the locks of a folder whose holder on this computer is gone, and keeps a live holder's and another computer's", async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    const dead = leftLock(`${hostname()} ${gone}`, 0)
    const folder = join(dead, '..')
    for (const [name, owner] of [
      ['live.md', `${hostname()} ${process.pid}`],
      ['far.md', 'another-laptop 4242'],
    ] as const) {
      mkdirSync(join(folder, `${name}.lock`))
      writeFileSync(join(folder, `${name}.lock`, 'owner'), owner)
    }
    expect(await clearDeadLocks(folder)).toEqual(['draft.md.lock'])
    expect(existsSync(`${dead}.lock`)).toBe(false)
    expect(existsSync(join(folder, 'live.md.lock'))).toBe(true)
    expect(existsSync(join(folder, 'far.md.lock'))).toBe(true)
  })
})

describe('clearOrphanedWrites', () => {
  it("removes a killed writer's half-written copies of files nobody holds the lock of, and keeps a writer's under way and other files", async () => {
    const folder = tempDir('grant-desk-orphans-')
    for (const name of ['a.md', 'a.md.123456', 'b.md', 'b.md.42', 'notes.txt.7', 'c.md.99999999999']) writeFileSync(join(folder, name), 'x')
    mkdirSync(join(folder, 'b.md.lock'))
    expect(await clearOrphanedWrites(folder, (name) => name.endsWith('.md'))).toEqual(['a.md.123456'])
    expect(existsSync(join(folder, 'a.md.123456'))).toBe(false)
    for (const kept of ['a.md', 'b.md.42', 'notes.txt.7', 'c.md.99999999999']) expect(existsSync(join(folder, kept)), kept).toBe(true)
  })
})
