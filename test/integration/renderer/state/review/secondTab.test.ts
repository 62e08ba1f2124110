// @vitest-environment jsdom
/**
 * Two tabs of one host, on the review side: a Review panel (state/review/reviewStore.ts) open in
 * one tab, told of the core's `drafts.changed` as the browser host's event stream tells every
 * tab, while the other tab (here: calls on the same core) gives a verdict and writes a comment.
 * The watcher never reports the core's own writes, so the core itself must tell every view; and
 * a list read at that moment must already show the new review.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IpcEvent, IpcEventPayload } from '../../../../../src/shared/ipc'
import { createReviewStore, type ReviewCall } from '../../../../../src/renderer/src/state/review/reviewStore'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, testFixture, type TestService } from '../../../../support/service'

type ReviewStore = ReturnType<typeof createReviewStore>

function panelOn(app: TestCore): ReviewStore {
  return createReviewStore({
    call: ((channel, input) => app.core.dispatch(channel, input)) as ReviewCall,
    onEvent: (event, listener) =>
      app.core.subscribe((name: IpcEvent, payload: unknown) => {
        if (name === event) listener(payload as IpcEventPayload<'drafts.changed'>)
      }),
  })
}

function until(store: ReviewStore, ok: (state: ReturnType<ReviewStore['getState']>) => boolean, what: string, ms = 3_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ok(store.getState())) return resolve()
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`timed out waiting for ${what}; the panel shows ${JSON.stringify(store.getState().data?.verdicts.map((one) => one.verdict))}`))
    }, ms)
    const stop = store.subscribe((state) => {
      if (!ok(state)) return
      clearTimeout(timer)
      stop()
      resolve()
    })
  })
}

describe("a second tab's Review panel", () => {
  let service: TestService
  let app: TestCore
  let panel: ReviewStore | null = null

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
  })
  afterEach(async () => {
    panel?.getState().close()
    panel = null
    await app.dispose()
    await service.dispose()
  })

  it("shows the other tab's verdict and comment, and a list read when it is told already has each", async () => {
    const created = await app.call('drafts.create', { grantId: IDS.open })
    const draft = await app.call('drafts.save', {
      id: created.id,
      pitch: '# Pitch\n\nWe build a wallet debugger.\n',
      customFields: {},
      baseVersion: created.version,
    })
    await app.call('settings.update', { reviewerName: 'Ada' })
    panel = panelOn(app)
    panel.getState().open(draft.id)
    await until(panel, (state) => state.data !== null, 'the first read')
    expect(panel.getState().data!.verdicts).toEqual([])

    // Its author record (written just after the first save) is in: a read of the draft waits for it.
    await app.call('drafts.get', { id: draft.id })
    // What a list in the second tab reads the moment it is told of the draft, after each write.
    let phase = 'before'
    const briefs: { phase: string; brief: string }[] = []
    const stop = app.core.subscribe((name: IpcEvent, payload: unknown) => {
      if (name !== 'drafts.changed' || !(payload as { ids: string[] }).ids.includes(draft.id)) return
      const at = phase
      void app.call('drafts.list').then((list) => {
        const item = list.items.find((one) => one.id === draft.id)
        briefs.push({
          phase: at,
          brief: item?.state === 'ok' ? `${item.review.openThreads} open, ${item.review.notCounted.length} not counted` : `${item?.state}`,
        })
      })
    })
    try {
      phase = 'verdict'
      await app.call('reviews.setVerdict', { draftId: draft.id, verdict: 'request-changes', note: 'The budget is missing.', baseVersion: draft.version })
      await until(panel, (state) => state.data!.verdicts.some((one) => one.verdict === 'request-changes'), "the other tab's verdict")
      phase = 'thread'
      await app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Which wallets?' })
      await until(panel, (state) => state.data!.threads.some((thread) => thread.body === 'Which wallets?'), "the other tab's comment")
      for (const end = Date.now() + 3_000; !briefs.some((one) => one.phase === 'thread') && Date.now() < end;) await new Promise((done) => setTimeout(done, 20))
    } finally {
      stop()
    }
    // The verdict of someone who saved this draft here is shown as a note, not counted; the
    // first list read on each telling already has the write, not the brief from before it.
    expect(briefs.find((one) => one.phase === 'verdict')?.brief).toBe('0 open, 1 not counted')
    expect(briefs.find((one) => one.phase === 'thread')?.brief).toBe('1 open, 1 not counted')
  })
})
