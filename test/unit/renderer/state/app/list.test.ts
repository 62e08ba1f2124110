// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { AppError, IpcResult } from '../../../../../src/shared/ipc'
import { createListStore } from '../../../../../src/renderer/src/state/app/list'

type Items = { items: string[] }

/** A read whose answers the test hands out, in any order. */
function controlledReads() {
  const pending: ((result: IpcResult<Items>) => void)[] = []
  const read = () => new Promise<IpcResult<Items>>((resolve) => pending.push(resolve))
  return { read, answer: (index: number, result: IpcResult<Items>) => pending[index]!(result) }
}

const ok = (...items: string[]): IpcResult<Items> => ({ ok: true, value: { items } })
const UNREADABLE: AppError = { code: 'storage_error', message: 'The drafts folder could not be read.' }

describe('createListStore (the drafts and applications lists)', () => {
  it('shows loading, then the list, then a failure', async () => {
    const { read, answer } = controlledReads()
    const store = createListStore(read)
    expect(store.getState().listing).toEqual({ state: 'loading' })
    const first = store.getState().load()
    answer(0, ok('a'))
    await first
    expect(store.getState().listing).toEqual({ state: 'ready', items: ['a'] })
    const second = store.getState().load()
    expect(store.getState().listing).toEqual({ state: 'loading' })
    answer(1, { ok: false, error: UNREADABLE })
    await second
    expect(store.getState().listing).toEqual({ state: 'failed', error: UNREADABLE })
  })

  it('keeps the list on screen during a quiet reload', async () => {
    const { read, answer } = controlledReads()
    const store = createListStore(read)
    const first = store.getState().load({ quiet: true })
    // Nothing to keep yet: a quiet first read still says it is loading.
    expect(store.getState().listing).toEqual({ state: 'loading' })
    answer(0, ok('a'))
    await first
    const again = store.getState().load({ quiet: true })
    expect(store.getState().listing).toEqual({ state: 'ready', items: ['a'] })
    answer(1, ok('a', 'b'))
    await again
    expect(store.getState().listing).toEqual({ state: 'ready', items: ['a', 'b'] })
  })

  it('lets the latest request win when answers come back out of order', async () => {
    const { read, answer } = controlledReads()
    const store = createListStore(read)
    const older = store.getState().load()
    const newer = store.getState().load()
    answer(1, ok('new'))
    await newer
    answer(0, ok('stale'))
    await older
    expect(store.getState().listing).toEqual({ state: 'ready', items: ['new'] })
  })

  it('keeps each list’s requests apart', async () => {
    const drafts = controlledReads()
    const applications = controlledReads()
    const draftsStore = createListStore(drafts.read)
    const applicationsStore = createListStore(applications.read)
    const a = draftsStore.getState().load()
    const b = applicationsStore.getState().load()
    drafts.answer(0, ok('draft'))
    applications.answer(0, ok('application'))
    await Promise.all([a, b])
    expect(draftsStore.getState().listing).toEqual({ state: 'ready', items: ['draft'] })
    expect(applicationsStore.getState().listing).toEqual({ state: 'ready', items: ['application'] })
  })
})
