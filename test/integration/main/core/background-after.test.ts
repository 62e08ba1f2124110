/**
 * The core's `backgroundAfter` (core.ts): the start's background work, the drafts folder's watcher
 * among it, begins only once the promise settles, and a core closed before then closes at once
 * without ever beginning it. Real core, real folder, real watcher.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { Core } from '../../../../src/main/core/core'
import { draftText } from '../../../support/big-remote'
import { offlineCore } from '../../../support/offline-core'
import { tempDir } from '../../../support/service'

const cores: Core[] = []
afterAll(async () => {
  for (const core of cores) await core.close()
})

async function coreAfter(backgroundAfter: Promise<unknown>): Promise<{ core: Core; folder: string; changed: string[][] }> {
  const dataDir = tempDir('grant-desk-background-')
  const core = await offlineCore(dataDir, { backgroundAfter })
  const changed: string[][] = []
  core.subscribe((event, payload) => {
    if (event === 'drafts.changed') changed.push((payload as { ids: string[] }).ids)
  })
  const list = await core.dispatch('drafts.list', undefined)
  if (!list.ok) throw new Error(list.error.message)
  return { core, folder: (list.value as { folder: string }).folder, changed }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('watches the drafts folder only once `backgroundAfter` has settled', async () => {
  let release = () => {}
  const { core, folder, changed } = await coreAfter(new Promise<void>((resolve) => (release = resolve)))
  cores.push(core)
  writeFileSync(join(folder, 'before.md'), draftText(1, 'Written before'))
  await wait(800)
  expect(changed).toEqual([])
  release()
  // Watching now: an edit made outside the app is told.
  await wait(1_000)
  writeFileSync(join(folder, 'after.md'), draftText(2, 'Written after'))
  await expect.poll(() => changed.flat(), { timeout: 10_000 }).toContain('after')
})

it('closes at once when closed before `backgroundAfter` settled, and never begins it', async () => {
  const { core } = await coreAfter(new Promise(() => {}))
  const closing = core.close()
  expect(await Promise.race([closing.then(() => 'closed'), wait(5_000).then(() => 'hung')])).toBe('closed')
})
