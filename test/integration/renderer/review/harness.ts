/**
 * The review's component tests run the app's own stores (useEditor, useReview, useSettings)
 * against a real core, the way the app runs them: `window.grantDesk` is built from the
 * contract's channel names (as both preloads build it) and each call goes through the core's
 * `dispatch`, which validates input and output against the contract. Teammates are other real
 * cores on the same drafts folder, each with its own reviewer name: their records reach this
 * one as files on disk, through its folder watcher, exactly as a synced folder delivers them.
 *
 * Every call is recorded (`calls`), so a test can say which channel was used with what.
 */
import { act } from '@testing-library/react'
import { type Draft, type IpcChannel, buildGrantDeskApi } from '../../../../src/shared/ipc'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { useReview } from '../../../../src/renderer/src/state/review'
import { useSettings } from '../../../../src/renderer/src/state/settings'
import { type SupportBase, type TestCore, type TestService, loadSupport } from '../support'

export type { TestCore } from '../support'

/** What these tests use of test/support, beyond a core and the sandbox (see ../support.ts). */
interface Support extends SupportBase {
  IDS: { open: string; freeForm: string; bounty: string }
}
const support = () => loadSupport<Support>()

/** The folder of a file path, POSIX or Windows (node:path is not in the page's typings). */
function folderOf(path: string): string {
  return path.slice(0, Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')))
}

export interface Harness {
  service: TestService
  /** The core the page talks to (the draft's author, or whoever is at this computer). */
  app: TestCore
  calls: { channel: IpcChannel; input: unknown }[]
  /** The draft (created with `pitch` and `customFields`), opened in the editor store and the review store. */
  draft: Draft
  /** Another person on the same drafts folder, signed `name`. */
  teammate(name: string): Promise<TestCore>
  /** The test grants' ids. */
  ids: Support['IDS']
  /** The drafts folder. */
  folder: string
  dispose(): Promise<void>
}

export interface HarnessOptions {
  pitch: string
  customFields?: Record<string, string>
  /** The reviewer name at this computer; '' leaves it unset (the app asks). */
  me?: string
  /** The grant with a form (fields), else the free-form one. */
  withForm?: boolean
  /** Who created the draft, when not `me` (the test reviews a teammate's draft). */
  createdBy?: string
}

export async function startHarness({ pitch, customFields = {}, me = 'Ada', withForm = false, createdBy }: HarnessOptions): Promise<Harness> {
  const { startTestCore, startTestService, testFixture, IDS } = await support()
  const service = await startTestService({ fixture: testFixture() })
  const app = await startTestCore({ serviceUrl: service.url })
  const calls: Harness['calls'] = []
  const api = buildGrantDeskApi(
    (channel, input) => {
      calls.push({ channel, input })
      return app.core.dispatch(channel, input)
    },
    (listener) => app.core.subscribe(listener),
  )
  Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
  if (me) await app.call('settings.update', { reviewerName: me })
  // The draft's author: `me`, or a teammate who wrote it on their own computer (`createdBy`).
  let creator: TestCore | null = null
  if (createdBy) {
    creator = await startTestCore({ serviceUrl: service.url })
    await creator.call('settings.update', { reviewerName: createdBy, draftsFolder: (await app.call('settings.get')).effectiveDraftsFolder })
  }
  const draft = await (creator ?? app).call('drafts.create', { grantId: withForm ? IDS.open : IDS.freeForm, pitch, customFields })
  if (creator) {
    const authored = () => app.call('reviews.get', { draftId: draft.id }).then((data) => data.authors.length > 0)
    for (let tries = 0; tries < 200 && !(await authored()); tries++) await new Promise((resolve) => setTimeout(resolve, 25))
    await creator.dispose()
  }
  const folder = folderOf(draft.path)
  const teammates: TestCore[] = []

  await act(async () => {
    await useSettings.getState().load()
    await useEditor.getState().open(draft.id)
    useReview.getState().open(draft.id)
  })
  await until(() => useReview.getState().data !== null && useReview.getState().reviewerName !== null)
  calls.length = 0

  return {
    service,
    app,
    calls,
    draft,
    ids: IDS,
    folder,
    teammate: async (name) => {
      const other = await startTestCore({ serviceUrl: service.url })
      await other.call('settings.update', { reviewerName: name, draftsFolder: folder })
      teammates.push(other)
      return other
    },
    dispose: async () => {
      act(() => {
        useReview.getState().close()
        useEditor.getState().leave()
      })
      // The background save of what a test typed, before the folder goes away.
      await new Promise((resolve) => setTimeout(resolve, 50))
      for (const other of teammates) await other.dispose()
      await app.dispose()
      await service.dispose()
      Reflect.deleteProperty(window, 'grantDesk')
    },
  }
}

/** Resolves once `ok()` holds, polling; fails after `timeoutMs`. */
export async function until(ok: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now()
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting for a condition')
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
  }
}

/** A pitch quote for `exact` (its first occurrence) in `text`, as the composer would make it. */
export { quoteAt } from '../../../../src/shared/review'
