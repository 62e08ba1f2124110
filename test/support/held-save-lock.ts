/**
 * A save in another process, as a sync step meets it: the draft's save lock held (file-lock.ts,
 * across processes) while the saver reads, compares and writes. `heldBySave` starts `work` under
 * that lock, checks for 2 s that it neither ends nor writes the draft (it waits for the save),
 * then writes the saved text and lets go: `work` must then read the save as this side's.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { expect } from 'vitest'
import { silentLogger } from '../../src/main/core/errors'
import { withFileLock } from '../../src/main/core/folder'
import { until } from './git-team'

export async function heldBySave<T>(file: string, what: string, work: () => Promise<T>, save: (text: string) => string): Promise<T> {
  const before = readFileSync(file, 'utf8')
  let running!: Promise<T>
  let ended = false
  await withFileLock(file, silentLogger, async () => {
    running = work()
    void running.then(
      () => (ended = true),
      () => (ended = true),
    )
    const moved = await until(`${what} to end or write the draft`, () => ended || readFileSync(file, 'utf8') !== before, 2_000).catch(() => false)
    expect(moved, `${what} ran while a save held the draft`).toBe(false)
    writeFileSync(file, save(before))
  })
  return running
}
