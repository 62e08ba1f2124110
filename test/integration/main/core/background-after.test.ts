/**
 * The core's `backgroundAfter` (core.ts): the start's background work, the drafts folder's watcher
 * among it, begins only once the promise settles, and a core closed before then closes at once
 * without ever beginning it. Real core, real folder, real watcher.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createCore, type Core } from '../../../../src/main/core/core'
import { silentLogger } from '../../../../src/main/core/errors'
import { MemorySecretStore } from '../../../../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../../../../src/main/core/settings'
import { tempDir } from '../../../support/service'

const cores: Core[] = []
afterAll(async () => {
  for (const core of cores) await core.close()
})

async function coreAfter(backgroundAfter: Promise<unknown>): Promise<{ core: Core; folder: string; changed: string[][] }> {
  const dataDir = tempDir('grant-desk-background-')
  const core = await createCore({
    dataDir,
    secrets: new MemorySecretStore(),
    settings: await JsonFileSettingsBackend.open(join(dataDir, 'settings.json')),
    // Nothing here asks the service; the reminders' comparison with it fails at once and is only logged.
    env: { GRANT_SERVICE_URL: 'http://127.0.0.1:9' },
    log: silentLogger,
    backgroundAfter,
  })
  const changed: string[][] = []
  core.subscribe((event, payload) => {
    if (event === 'drafts.changed') changed.push((payload as { ids: string[] }).ids)
  })
  const list = await core.dispatch('drafts.list', undefined)
  if (!list.ok) throw new Error(list.error.message)
  return { core, folder: (list.value as { folder: string }).folder, changed }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A draft file as the app writes it. */
const draft = (title: string) =>
  [
    '---',
    'format: "grant-desk-draft/1"',
    'grant:',
    '  id: "5a0e7d3c-1f00-4c8e-9a5e-000000000012"',
    `  title: "${title}"`,
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

it('watches the drafts folder only once `backgroundAfter` has settled', async () => {
  let release = () => {}
  const { core, folder, changed } = await coreAfter(new Promise<void>((resolve) => (release = resolve)))
  cores.push(core)
  writeFileSync(join(folder, 'before.md'), draft('Written before'))
  await wait(800)
  expect(changed).toEqual([])
  release()
  // Watching now: an edit made outside the app is told.
  await wait(1_000)
  writeFileSync(join(folder, 'after.md'), draft('Written after'))
  await expect.poll(() => changed.flat(), { timeout: 10_000 }).toContain('after')
})

it('closes at once when closed before `backgroundAfter` settled, and never begins it', async () => {
  const { core } = await coreAfter(new Promise(() => {}))
  const closing = core.close()
  expect(await Promise.race([closing.then(() => 'closed'), wait(5_000).then(() => 'hung')])).toBe('closed')
})
