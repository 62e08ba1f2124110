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
import { createCore } from '../../../../src/main/core/core'
import { silentLogger } from '../../../../src/main/core/errors'
import { MemorySecretStore } from '../../../../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../../../../src/main/core/settings'
import { tempDir } from '../../../support/service'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every file under `dir` with its size, sorted: what a later write would change. */
function contents(dir: string): string[] {
  const found: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else found.push(`${relative(dir, path)} ${statSync(path).size}`)
    }
  }
  walk(dir)
  return found.sort()
}

const DRAFT = [
  '---',
  'format: "grant-desk-draft/1"',
  'grant:',
  '  id: "5a0e7d3c-1f00-4c8e-9a5e-000000000012"',
  '  title: "Closing"',
  '  reward: "Up to 5,000 USD"',
  '  deadline: "2099-12-31T23:59:59.000Z"',
  '  apply_endpoint: "POST /api/build/5a0e7d3c-1f00-4c8e-9a5e-000000000012/apply"',
  '  type: "grant"',
  '  application_schema: []',
  'custom_fields: {}',
  'status: "draft"',
  'application_id: null',
  'created_at: "2026-06-01T10:00:00.000Z"',
  'updated_at: "2026-06-01T10:00:00.000Z"',
  'reviews: []',
  '---',
  '',
  'The pitch.',
  '',
].join('\n')

it('finishes a save under way before it closes, writes nothing after, and refuses a call after it', async () => {
  const dataDir = tempDir('grant-desk-close-')
  const core = await createCore({
    dataDir,
    secrets: new MemorySecretStore(),
    settings: await JsonFileSettingsBackend.open(join(dataDir, 'settings.json')),
    // Nothing here asks the service.
    env: { GRANT_SERVICE_URL: 'http://127.0.0.1:9' },
    log: silentLogger,
  })
  const listed = await core.dispatch('drafts.list', undefined)
  if (!listed.ok) throw new Error(listed.error.message)
  const folder = (listed.value as { folder: string }).folder
  writeFileSync(join(folder, 'closing.md'), DRAFT)
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
