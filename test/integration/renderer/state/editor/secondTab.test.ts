// @vitest-environment jsdom
/**
 * Two tabs of one host: two editor stores (state/editor/editorStore.ts) on one real core, each told of
 * the core's `drafts.changed` as the browser host's event stream tells every tab. A save in one
 * tab must reach the other: an untouched tab shows the new text (saying "reloading" meanwhile,
 * never "Saved" of the old), and a tab with unsaved edits says newer text is on disk. The tab
 * that saved is not disturbed by its own save.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IpcEventPayload } from '../../../../../src/shared/ipc'
import { type EditorCall, type EditorState, createEditorStore } from '../../../../../src/renderer/src/state/editor/editorStore'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, testFixture, type TestService } from '../../../../support/service'

type EditorStore = ReturnType<typeof createEditorStore>

function tabOn(app: TestCore) {
  const calls: string[] = []
  const store = createEditorStore({
    call: ((channel, input) => {
      calls.push(channel)
      return app.core.dispatch(channel, input)
    }) as EditorCall,
    onEvent: (event, listener) =>
      app.core.subscribe((name, payload) => {
        if (name === event) listener(payload as IpcEventPayload<'drafts.changed'>)
      }),
    go: () => {},
    autosaveDelayMs: 3_600_000,
  })
  return { store, calls }
}

function until(store: EditorStore, ok: (state: EditorState) => boolean, ms = 3_000): Promise<EditorState> {
  return new Promise((resolve, reject) => {
    if (ok(store.getState())) return resolve(store.getState())
    const timer = setTimeout(() => {
      stop()
      reject(
        new Error(`timed out; state: ${JSON.stringify({ pitch: store.getState().pitch, saveState: store.getState().saveState, disk: store.getState().disk })}`),
      )
    }, ms)
    const stop = store.subscribe((state) => {
      if (!ok(state)) return
      clearTimeout(timer)
      stop()
      resolve(state)
    })
  })
}

describe('a second tab of one host', () => {
  let service: TestService
  let app: TestCore
  const stores: EditorStore[] = []

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
  })
  afterEach(async () => {
    for (const store of stores.splice(0)) store.getState().leave()
    await app.dispose()
    await service.dispose()
  })

  it('shows the text the first tab saved, never the old text as Saved', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const first = tabOn(app)
    const second = tabOn(app)
    stores.push(first.store, second.store)
    await first.store.getState().open(draft.id)
    await second.store.getState().open(draft.id)

    // Every state the second tab passes through: "Saved" must never stand beside the old text once the disk has the new.
    const seen: { pitch: string; saveState: string; disk: EditorState['disk'] }[] = []
    second.store.subscribe((s) => seen.push({ pitch: s.pitch, saveState: s.saveState, disk: s.disk }))

    first.store.getState().setPitch('# Tracekit\n\nWritten in the first tab.')
    expect(await first.store.getState().saveNow()).toBe(true)
    const shown = await until(second.store, (s) => s.pitch.includes('Written in the first tab.') && s.statusNote !== null)
    expect(shown.saveState).toBe('saved')
    expect(shown.disk).toBeNull()
    expect(shown.statusNote).toMatch(/changes saved elsewhere/)
    // Between the save and the reload, the tab said it was reloading.
    expect(seen.some((s) => s.disk === 'reloading' && !s.pitch.includes('Written in the first tab.'))).toBe(true)
    expect(second.store.getState().draft?.version).toBe(first.store.getState().draft?.version)

    // The first tab is not disturbed by its own save: no reload, no note.
    expect(first.store.getState().statusNote).toBeNull()
    expect(first.store.getState().disk).toBeNull()
  })

  it('says newer text is on disk under unsaved edits, and its next save merges it', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const first = tabOn(app)
    const second = tabOn(app)
    stores.push(first.store, second.store)
    await first.store.getState().open(draft.id)
    await second.store.getState().open(draft.id)
    const base = first.store.getState().pitch

    second.store.getState().setPitch(`${base}\n\nAdded in the second tab.`)
    first.store.getState().setPitch(`Added in the first tab.\n\n${base}`)
    expect(await first.store.getState().saveNow()).toBe(true)

    const warned = await until(second.store, (s) => s.disk === 'newer')
    expect(warned.saveState).toBe('unsaved')
    expect(await second.store.getState().saveNow()).toBe(true)
    const merged = await until(second.store, (s) => s.disk === null && s.saveState === 'saved')
    expect(merged.pitch).toContain('Added in the first tab.')
    expect(merged.pitch).toContain('Added in the second tab.')
  })
})
