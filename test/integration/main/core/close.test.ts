/**
 * The core's `close` with calls under way (core.ts, `finishedBeforeClose`). When the app quits,
 * the window's last save is often still being written as the core closes: the save must reach the
 * disk and its history before `close` resolves (the process ends right after), nothing may be
 * written into the data folder after it, and a call that comes later is refused with words, never
 * half done. Real core, real data and drafts folders.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { draftText } from '../../../support/big-remote'
import { offlineCore } from '../../../support/offline-core'
import { tempDir } from '../../../support/service'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every file under `dir` with its size, sorted: what a later write would change. */
const contents = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return `${relative(dir, path)} ${statSync(path).size}`
    })
    .sort()

it('finishes a save under way before it closes, writes nothing after, and refuses a call after it', async () => {
  const dataDir = tempDir('grant-desk-close-')
  const core = await offlineCore(dataDir)
  const listed = await core.dispatch('drafts.list', undefined)
  if (!listed.ok) throw new Error(listed.error.message)
  const folder = (listed.value as { folder: string }).folder
  writeFileSync(join(folder, 'closing.md'), draftText(1, 'Closing'))
  const opened = await core.dispatch('drafts.get', { id: 'closing' })
  if (!opened.ok) throw new Error(opened.error.message)
  const { version } = opened.value as { version: string }

  // The window's last save, and the quit right behind it.
  const lastWords = `The pitch, with the last words typed before quitting. ${'More of it. '.repeat(20_000)}`
  const saving = core.dispatch('drafts.save', { id: 'closing', pitch: lastWords, customFields: {}, baseVersion: version, explicit: true })
  await core.close()

  const saved = await Promise.race([saving, wait(0).then(() => 'still running')])
  expect(saved, 'the save was still running when close resolved').not.toBe('still running')
  expect(saved).toMatchObject({ ok: true })
  expect(readFileSync(join(folder, 'closing.md'), 'utf8')).toContain('with the last words typed before quitting.')
  const afterClose = contents(dataDir)
  expect(afterClose.some((line) => line.startsWith('history'))).toBe(true)
  await wait(500)
  expect(contents(dataDir), 'a file was written into the data folder after close').toEqual(afterClose)

  const late = await core.dispatch('drafts.get', { id: 'closing' })
  expect(late.ok).toBe(false)
  if (!late.ok) expect(late.error.message).toMatch(/closing.*open Grant Desk again/i)
})
