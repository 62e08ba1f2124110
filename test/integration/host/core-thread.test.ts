/**
 * The browser host's core in its worker thread (src/host/core-thread.ts, core-worker.ts), from
 * source as the tests' host process runs it, on a real data folder and a real sandbox: calls made
 * before the thread is loaded or the core started wait for them and get the core's own answers (the contract's checks
 * included), events cross to the main thread, a core that cannot be built says why, and `close`
 * ends the thread.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CoreThread, type CoreThreadData, coreThread } from '../../../src/host/core-thread'
import { startTestService, tempDir, testFixture, type TestService } from '../../support/service'

const WORKER = new URL('../../../src/host/core-worker.ts', import.meta.url)

let service: TestService
beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.dispose()
})

function dataFor(dataDir: string): CoreThreadData {
  return {
    dataDir,
    secretsFile: join(dataDir, 'credentials.json'),
    settingsFile: join(dataDir, 'settings.json'),
    env: { GRANT_SERVICE_URL: service.url },
    clockEnv: {},
  }
}

/** Runs `body` with a loaded thread and closes it after, whatever happens. */
async function withThread(body: (thread: CoreThread) => Promise<void>): Promise<void> {
  const thread = coreThread(WORKER)
  thread.load()
  try {
    await body(thread)
  } finally {
    await thread.close()
  }
}

describe('the core’s thread', () => {
  it('answers calls made before it was started once the core is built, with the core’s own answers and checks', async () => {
    await withThread(async (thread) => {
      // Asked before `start`, as the host's warm-up and the page may: the answers wait for the core.
      const list = thread.dispatch('grants.list', { status: 'open' })
      const refused = thread.dispatch('grants.list', { status: 'bogus' })
      thread.start(dataFor(tempDir('grant-desk-core-thread-')), Promise.resolve())
      await thread.ready
      const answer = await list
      expect(answer.ok).toBe(true)
      const titles = answer.ok ? (answer.value as { items: { title: string }[] }).items.map((grant) => grant.title) : []
      expect(titles.length).toBeGreaterThan(0)
      // Every payload still goes through the zod contract, in the core's thread.
      const bad = await refused
      expect(bad.ok).toBe(false)
      if (!bad.ok) {
        expect(bad.error.code).toBe('invalid_input')
        expect(bad.error.message).toMatch(/status must be/)
      }
    })
  })

  it('spawns nothing until loaded: what was asked before waits, in order, and is answered once it is', async () => {
    const thread = coreThread(WORKER)
    try {
      // The host starts the core and the warm-up's calls as it listens, and loads the thread once the page has drawn its first screen.
      const session = thread.dispatch('session.status', undefined)
      thread.start(dataFor(tempDir('grant-desk-core-thread-')), Promise.resolve())
      const list = thread.dispatch('grants.list', { status: 'open' })
      let settled = false
      void Promise.allSettled([thread.ready, session, list]).then(() => (settled = true))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(settled).toBe(false)
      thread.load()
      thread.load() // a second load changes nothing
      await thread.ready
      expect((await session).ok).toBe(true)
      const answer = await list
      expect(answer.ok && (answer.value as { items: unknown[] }).items.length).toBeGreaterThan(0)
    } finally {
      await thread.close()
    }
  })

  it('passes the core’s events on to the main thread', async () => {
    await withThread(async (thread) => {
      const seen: string[] = []
      thread.subscribe((event) => seen.push(event))
      thread.start(dataFor(tempDir('grant-desk-core-thread-')), Promise.resolve())
      // A saved search's change is told to the views (savedSearches.changed).
      const saved = await thread.dispatch('savedSearches.create', {
        name: 'Open grants',
        filters: { status: 'open', type: 'all', query: '', sort: 'deadline' },
      })
      expect(saved.ok, JSON.stringify(saved)).toBe(true)
      await expect.poll(() => seen).toContain('savedSearches.changed')
    })
  })

  it('says why when the core cannot be built, and fails the calls waiting for it', async () => {
    await withThread(async (thread) => {
      // The data folder is a file: nothing can be kept there.
      const notAFolder = join(tempDir('grant-desk-core-thread-'), 'file')
      writeFileSync(notAFolder, 'not a folder')
      const waiting = thread.dispatch('grants.list', { status: 'open' })
      thread.start(dataFor(notAFolder), Promise.resolve())
      await expect(thread.ready).rejects.toThrow(/ENOTDIR|not a directory/)
      expect((await thread.failed).message).toMatch(/ENOTDIR|not a directory/)
      await expect(waiting).rejects.toThrow()
    })
  })

  it('ends the thread on close, unstarted or never loaded too, without reporting a failure', async () => {
    let failed = false
    const neverLoaded = coreThread(WORKER)
    void neverLoaded.failed.then(() => (failed = true))
    neverLoaded.start(dataFor(tempDir('grant-desk-core-thread-')), Promise.resolve())
    await neverLoaded.close()
    neverLoaded.load() // closed: it stays unspawned
    const thread = coreThread(WORKER)
    thread.load()
    void thread.failed.then(() => (failed = true))
    await thread.close()
    const started = coreThread(WORKER)
    started.load()
    void started.failed.then(() => (failed = true))
    started.start(dataFor(tempDir('grant-desk-core-thread-')), Promise.resolve())
    await started.ready
    await started.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(failed).toBe(false)
  })
})
