// @vitest-environment jsdom
/**
 * The review store's own bookkeeping, with a scripted `call` (what the core answers is covered
 * by the component tests against a real core): one name dialog however many actions wait for
 * it, an action's answer never undone by a read that was on its way, what gets announced, and
 * a verdict's flow: saved through the editor first, on the version saved, an author's as a note.
 */
import { describe, expect, it } from 'vitest'
import type { IpcResult, SettingsView } from '../../../../../src/shared/ipc'
import { DEFAULT_POLICY_VIEW } from '../../../../../src/shared/review/state'
import type { ReviewData, ThreadView } from '../../../../../src/shared/review/view'
import {
  NAME_DECLINED,
  NOT_SAVED,
  type ReviewCall,
  type ReviewEditor,
  arrivalText,
  createReviewStore,
} from '../../../../../src/renderer/src/state/review/reviewStore'
import { settingsView } from '../../settingsView'

const AT = '2026-03-01T12:00:00.000Z'

function thread(id: string, author: string, replies: { id: string; author: string }[] = []): ThreadView {
  return {
    id,
    author,
    createdAt: AT,
    editedAt: null,
    deleted: false,
    body: `${author} says`,
    anchor: { target: 'draft' },
    suggestion: null,
    replies: replies.map((reply) => ({ ...reply, createdAt: AT, editedAt: null, deleted: false, body: 'reply' })),
    resolved: false,
    events: [],
    missing: false,
  }
}

const data = (...threads: ThreadView[]): ReviewData => ({ threads, verdicts: [], authors: [], policy: DEFAULT_POLICY_VIEW, unreadable: [] })

const settings = (reviewerName: string): SettingsView => settingsView({ serviceUrl: 'http://127.0.0.1:1', reviewerName, effectiveDraftsFolder: '/tmp/drafts' })

/** A call whose answers the test gives, one request at a time. */
function scripted() {
  const pending: { channel: string; input: unknown; answer(result: IpcResult<unknown>): void }[] = []
  const call = ((channel: string, input: unknown) => new Promise((resolve) => pending.push({ channel, input, answer: resolve }))) as unknown as ReviewCall
  const take = async (channel: string) => {
    for (let i = 0; i < 50 && !pending.some((request) => request.channel === channel); i++) await Promise.resolve()
    const index = pending.findIndex((request) => request.channel === channel)
    if (index === -1) throw new Error(`no ${channel} request; waiting: ${pending.map((request) => request.channel).join(', ')}`)
    return pending.splice(index, 1)[0]!
  }
  return { call, pending, take }
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** A request that comes after a wait (a new try of a read that failed), taken once it is there. */
async function takeLater(core: ReturnType<typeof scripted>, channel: string) {
  for (let waited = 0; waited < 1_000 && !core.pending.some((request) => request.channel === channel); waited += 5) await sleep(5)
  return core.take(channel)
}

/** A store showing one thread of draft-1, whose failed reads are tried again after `rereadDelaysMs`; `changed` is the core's drafts.changed. */
async function shownWithRetries(rereadDelaysMs: number[]) {
  const core = scripted()
  let listener: ((payload: { ids: string[] }) => void) | null = null
  const store = createReviewStore({ call: core.call, onEvent: (_event, listen) => ((listener = listen), () => {}), rereadDelaysMs })
  store.getState().open('draft-1')
  ;(await core.take('settings.get')).answer({ ok: true, value: settings('Ada') })
  ;(await core.take('reviews.get')).answer({ ok: true, value: data(thread('t1', 'Ben')) })
  await flush()
  return { core, store, changed: (payload: { ids: string[] }) => listener!(payload) }
}

/** How a read caught in the middle of a sync's writes answers. */
const UNREADABLE = { code: 'storage_error' as const, message: 'The draft’s file could not be read: it was being written.' }

describe('review store', () => {
  it('asks for the name once for actions waiting together, saves it once, and lets both go on', async () => {
    const core = scripted()
    const saved: SettingsView[] = []
    const store = createReviewStore({ call: core.call, onEvent: () => () => {}, onSettingsSaved: (view) => saved.push(view) })
    store.getState().open('draft-1')
    ;(await core.take('settings.get')).answer({ ok: true, value: settings('') })
    ;(await core.take('reviews.get')).answer({ ok: true, value: data() })
    await flush()

    const first = store.getState().addThread({ anchor: { target: 'draft' }, body: 'One' })
    const second = store.getState().reply('20260301T120000000Z-0000000a', 'Two')
    await flush()
    expect(store.getState().namePrompt).toEqual({ busy: false, error: null })

    await store.getState().submitName('   ')
    expect(store.getState().namePrompt?.error?.message).toBe('Write your name first.')
    const submitting = store.getState().submitName('  Ada  ')
    const update = await core.take('settings.update')
    expect(update.input).toEqual({ reviewerName: 'Ada' })
    expect(store.getState().namePrompt).toEqual({ busy: true, error: null })
    update.answer({ ok: true, value: settings('Ada') })
    await submitting
    expect(store.getState().namePrompt).toBeNull()
    expect(saved.map((view) => view.reviewerName)).toEqual(['Ada'])

    ;(await core.take('reviews.addThread')).answer({ ok: true, value: data(thread('t1', 'Ada')) })
    ;(await core.take('reviews.reply')).answer({ ok: true, value: data(thread('t1', 'Ada', [{ id: 'r1', author: 'Ada' }])) })
    expect(await first).toBeNull()
    expect(await second).toBeNull()
    expect(core.pending.filter((request) => request.channel === 'settings.update')).toEqual([])
  })

  it('answers the waiting action with NAME_DECLINED when the dialog is closed or the draft left', async () => {
    const core = scripted()
    const store = createReviewStore({ call: core.call, onEvent: () => () => {} })
    store.getState().open('draft-1')
    ;(await core.take('settings.get')).answer({ ok: true, value: settings('') })
    ;(await core.take('reviews.get')).answer({ ok: true, value: data() })
    const cancelled = store.getState().setResolved('20260301T120000000Z-0000000a', true)
    await flush()
    store.getState().cancelNamePrompt()
    expect(await cancelled).toBe(NAME_DECLINED)

    const left = store.getState().deleteComment('20260301T120000000Z-0000000a')
    await flush()
    expect(store.getState().namePrompt).not.toBeNull()
    store.getState().close()
    expect(await left).toBe(NAME_DECLINED)
    expect(store.getState().namePrompt).toBeNull()
  })

  it('keeps an action’s answer over a read that was already on its way', async () => {
    const core = scripted()
    let changed: ((payload: { ids: string[] }) => void) | null = null
    const store = createReviewStore({ call: core.call, onEvent: (_event, listener) => ((changed = listener), () => {}) })
    store.getState().open('draft-1')
    ;(await core.take('settings.get')).answer({ ok: true, value: settings('Ada') })
    ;(await core.take('reviews.get')).answer({ ok: true, value: data(thread('t1', 'Ben')) })
    await flush()

    const resolving = store.getState().setResolved('t1', true)
    await flush()
    changed!({ ids: ['draft-1'] })
    const read = await core.take('reviews.get')
    const resolvedView = { ...thread('t1', 'Ben'), resolved: true }
    ;(await core.take('reviews.setResolved')).answer({ ok: true, value: data(resolvedView) })
    await resolving
    // The read was served before the write: it must not bring the thread back open.
    read.answer({ ok: true, value: data(thread('t1', 'Ben')) })
    await flush()
    expect(store.getState().data?.threads[0]?.resolved).toBe(true)
    expect(store.getState().announcement).toBe('')

    // A read started afterwards is shown, and a teammate's new comment in it is announced.
    changed!({ ids: ['another-draft'] })
    expect(core.pending).toEqual([])
    changed!({ ids: ['draft-1'] })
    ;(await core.take('reviews.get')).answer({ ok: true, value: data(resolvedView, thread('t2', 'Ben')) })
    await flush()
    expect(store.getState().data?.threads.map((item) => item.id)).toEqual(['t1', 't2'])
    expect(store.getState().announcement).toBe('New comment from Ben')
    // The same words again still reach a screen reader: the live region's text changes.
    changed!({ ids: ['draft-1'] })
    ;(await core.take('reviews.get')).answer({ ok: true, value: data(resolvedView, thread('t2', 'Ben'), thread('t3', 'Ben')) })
    await flush()
    expect(store.getState().announcement).toBe('New comment from Ben\u00a0')
  })

  it('tries a failed re-read again, keeping the review, says it may be behind once a new try failed too, and clears that when one works', async () => {
    const { core, store, changed } = await shownWithRetries([5, 5, 5])

    // A teammate's sync is rewriting the files: the read it sent is caught half-way.
    changed({ ids: ['draft-1'] })
    ;(await core.take('reviews.get')).answer({ ok: false, error: UNREADABLE })
    await flush()
    expect(store.getState().data?.threads.map((item) => item.id)).toEqual(['t1'])
    expect(store.getState().staleError).toBeNull()
    expect(store.getState().loadError).toBeNull()

    // No new event comes; the store tries again by itself, and says so once that fails too.
    ;(await takeLater(core, 'reviews.get')).answer({ ok: false, error: UNREADABLE })
    await flush()
    expect(store.getState().staleError).toEqual(UNREADABLE)
    expect(store.getState().data?.threads.map((item) => item.id)).toEqual(['t1'])

    ;(await takeLater(core, 'reviews.get')).answer({ ok: true, value: data(thread('t1', 'Ben'), thread('t2', 'Cy')) })
    await flush()
    expect(store.getState().staleError).toBeNull()
    expect(store.getState().data?.threads.map((item) => item.id)).toEqual(['t1', 't2'])
    expect(store.getState().announcement).toBe('New comment from Cy')
    await sleep(30)
    expect(core.pending).toEqual([])
  })

  it('stops trying after the last wait; a change or the button starts the tries over; a closed panel tries nothing', async () => {
    const { core, store, changed } = await shownWithRetries([5])

    changed({ ids: ['draft-1'] })
    ;(await core.take('reviews.get')).answer({ ok: false, error: UNREADABLE })
    ;(await takeLater(core, 'reviews.get')).answer({ ok: false, error: UNREADABLE })
    await flush()
    expect(store.getState().staleError).toEqual(UNREADABLE)
    await sleep(30)
    expect(core.pending).toEqual([])

    // The button: read now, and a new try after it.
    void store.getState().refresh({ announce: true })
    ;(await core.take('reviews.get')).answer({ ok: false, error: UNREADABLE })
    ;(await takeLater(core, 'reviews.get')).answer({ ok: false, error: UNREADABLE })
    await flush()
    expect(store.getState().staleError).toEqual(UNREADABLE)

    // Closed while a new try waits: nothing is read for a panel no longer shown.
    changed({ ids: ['draft-1'] })
    ;(await core.take('reviews.get')).answer({ ok: false, error: UNREADABLE })
    await flush()
    store.getState().close()
    await sleep(30)
    expect(core.pending).toEqual([])
    expect(store.getState().staleError).toBeNull()
  })

  it('tries a first read that failed again, and shows it once it works', async () => {
    const core = scripted()
    const store = createReviewStore({ call: core.call, onEvent: () => () => {}, rereadDelaysMs: [5] })
    store.getState().open('draft-1')
    ;(await core.take('settings.get')).answer({ ok: true, value: settings('Ada') })
    ;(await core.take('reviews.get')).answer({ ok: false, error: UNREADABLE })
    await flush()
    expect(store.getState().loadError).toEqual(UNREADABLE)
    ;(await takeLater(core, 'reviews.get')).answer({ ok: true, value: data(thread('t1', 'Ben')) })
    await flush()
    expect(store.getState().loadError).toBeNull()
    expect(store.getState().data?.threads.map((item) => item.id)).toEqual(['t1'])
    // The first read shown is no arrival: nothing is announced.
    expect(store.getState().announcement).toBe('')
  })

  it('asks again when the core says the name is gone, then retries the action', async () => {
    const core = scripted()
    const store = createReviewStore({ call: core.call, onEvent: () => () => {} })
    store.getState().open('draft-1')
    ;(await core.take('settings.get')).answer({ ok: true, value: settings('Ada') })
    ;(await core.take('reviews.get')).answer({ ok: true, value: data() })
    const adding = store.getState().addThread({ anchor: { target: 'draft' }, body: 'Hi' })
    ;(await core.take('reviews.addThread')).answer({
      ok: false,
      error: { code: 'invalid_input', message: 'Set your reviewer name first.', fields: { reviewerName: 'is needed to sign comments and verdicts' } },
    })
    await flush()
    expect(store.getState().namePrompt).not.toBeNull()
    const submitting = store.getState().submitName('Ada B.')
    ;(await core.take('settings.update')).answer({ ok: true, value: settings('Ada B.') })
    await submitting
    ;(await core.take('reviews.addThread')).answer({ ok: true, value: data(thread('t1', 'Ada B.')) })
    expect(await adding).toBeNull()
    expect(store.getState().reviewerName).toBe('Ada B.')
  })
})

describe('giveVerdict', () => {
  /** An editor whose save the test decides, recording what happened in `steps` in the order it did. */
  function editor(save: { ok: boolean; version: string | null; conflict?: boolean }, steps: string[]): ReviewEditor {
    return {
      saveNow: async () => {
        steps.push('save')
        return save.ok
      },
      savedVersion: () => save.version,
      inConflict: () => save.conflict ?? false,
    }
  }

  async function opened(edit: ReviewEditor, me: string, authors: string[]) {
    const core = scripted()
    const store = createReviewStore({ call: core.call, onEvent: () => () => {}, editor: edit })
    store.getState().open('draft-1')
    ;(await core.take('settings.get')).answer({ ok: true, value: settings(me) })
    const written = authors.map((name, index) => ({ id: `a${index}`, name, role: 'created' as const, createdAt: AT }))
    ;(await core.take('reviews.get')).answer({ ok: true, value: { ...data(), authors: written } })
    await flush()
    return { core, store, authors: written }
  }

  it('saves through the editor first, then gives the verdict on the version saved, with the note trimmed', async () => {
    const steps: string[] = []
    const { core, store, authors } = await opened(editor({ ok: true, version: 'v7' }, steps), 'Ada', ['Cy'])
    const giving = store.getState().giveVerdict({ verdict: 'approve', note: '  Looks good.  ' })
    const request = await core.take('reviews.setVerdict')
    steps.push('verdict')
    expect(request.input).toEqual({ draftId: 'draft-1', verdict: 'approve', note: 'Looks good.', baseVersion: 'v7' })
    request.answer({ ok: true, value: { ...data(), authors } })
    expect(await giving).toEqual({ given: true, asAuthor: false })
    expect(steps).toEqual(['save', 'verdict'])
  })

  it('says an author’s verdict is a note, however the name is written', async () => {
    const { core, store, authors } = await opened(editor({ ok: true, version: 'v1' }, []), 'ada lovelace', ['Cy', 'Ada  Lovelace'])
    const giving = store.getState().giveVerdict({ verdict: 'request-changes', note: '' })
    ;(await core.take('reviews.setVerdict')).answer({ ok: true, value: { ...data(), authors } })
    expect(await giving).toEqual({ given: true, asAuthor: true })
  })

  it('gives no verdict when the save did not go through, and leaves a conflict to its dialog', async () => {
    const failed = await opened(editor({ ok: false, version: 'v1' }, []), 'Ada', ['Cy'])
    expect(await failed.store.getState().giveVerdict({ verdict: 'approve', note: '' })).toEqual({ given: false, error: NOT_SAVED })
    const conflict = await opened(editor({ ok: false, version: 'v1', conflict: true }, []), 'Ada', ['Cy'])
    expect(await conflict.store.getState().giveVerdict({ verdict: 'approve', note: '' })).toEqual({ given: false, error: null })
    const noDraft = await opened(editor({ ok: true, version: null }, []), 'Ada', ['Cy'])
    expect(await noDraft.store.getState().giveVerdict({ verdict: 'approve', note: '' })).toEqual({ given: false, error: NOT_SAVED })
    await flush()
    for (const { core } of [failed, conflict, noDraft]) expect(core.pending.filter((request) => request.channel === 'reviews.setVerdict')).toEqual([])
  })

  it('answers the core’s refusal (the file changed since the save) as the error to show', async () => {
    const { core, store } = await opened(editor({ ok: true, version: 'v1' }, []), 'Ada', ['Cy'])
    const giving = store.getState().giveVerdict({ verdict: 'approve', note: '' })
    const refusal = { code: 'conflict' as const, message: 'The draft changed since you saved it: look at it again, then give your verdict.' }
    ;(await core.take('reviews.setVerdict')).answer({ ok: false, error: refusal })
    expect(await giving).toEqual({ given: false, error: refusal })
  })
})

describe('arrivalText', () => {
  const before = data(thread('t1', 'Ben'))
  it('names who wrote the comments that are new, leaving out mine', () => {
    expect(arrivalText(before, data(thread('t1', 'Ben', [{ id: 'r1', author: 'Cy' }])), 'Ada')).toBe('New comment from Cy')
    expect(arrivalText(before, data(thread('t1', 'Ben', [{ id: 'r1', author: 'Cy' }]), thread('t2', 'Ben'), thread('t3', 'Dee')), 'Ada')).toBe(
      '3 new comments from Cy, Ben and Dee',
    )
    expect(arrivalText(before, data(thread('t1', 'Ben'), thread('t2', 'Ada')), 'Ada')).toBe('')
    // The first read of a draft is not news.
    expect(arrivalText(null, before, 'Ada')).toBe('')
  })
})
