// @vitest-environment jsdom
/**
 * The editor's store on the paths where a wrong step loses the applicant's text: leaving a
 * draft whose last save then fails, keeping one's text as a copy after a conflict, and
 * retrying after the draft's file went missing. It runs against a real core
 * (test/support/core.ts) over a real drafts folder, pointed at the real sandbox: every
 * `drafts.*` call is the core's `dispatch`, and the files on disk are read back.
 *
 * The store is built as the app builds it (state/editor/editorStore.ts), with the core in place of the
 * bridge. Navigation is recorded: where the app would open a draft, the test opens it. The
 * core's `drafts.changed` events (its real folder watcher) reach the store only where a test
 * turns them on, so that nothing else re-reads a file behind the test's back. Autosave is
 * set long: every save here is one the test asks for or one the store starts itself.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IpcEventPayload } from '../../../../../src/shared/ipc'
import { type EditorCall, type EditorState, createEditorStore } from '../../../../../src/renderer/src/state/editor/editorStore'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, testFixture, type TestService } from '../../../../support/service'

type EditorStore = ReturnType<typeof createEditorStore>

function editorOn(app: TestCore) {
  const routes: { name: 'draft'; id: string }[] = []
  const events = { deliver: false }
  const store = createEditorStore({
    // `dispatch` validates the input and the answer against the contract, as the bridge's host does.
    call: ((channel, input) => app.core.dispatch(channel, input)) as EditorCall,
    onEvent: (event, listener) =>
      app.core.subscribe((name, payload) => {
        if (name === event && events.deliver) listener(payload as IpcEventPayload<'drafts.changed'>)
      }),
    go: (route) => routes.push(route),
    autosaveDelayMs: 3_600_000,
  })
  return { store, routes, events }
}

/** Resolves with the store's state once `ok` holds (at once if it already does). */
function until(store: EditorStore, ok: (state: EditorState) => boolean): Promise<EditorState> {
  return new Promise((resolve) => {
    if (ok(store.getState())) return resolve(store.getState())
    const stop = store.subscribe((state) => {
      if (!ok(state)) return
      stop()
      resolve(state)
    })
  })
}

describe('editor store', () => {
  let service: TestService
  let app: TestCore
  let store: EditorStore | null = null

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
  })
  afterEach(async () => {
    store?.getState().leave()
    store = null
    await app.dispose()
    await service.dispose()
  })

  it('lists a left draft whose background save met a conflict, and reopening it brings the text back', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const editor = editorOn(app)
    store = editor.store
    await store.getState().open(draft.id)
    expect(store.getState().draft?.id).toBe(draft.id)

    store.getState().setPitch('# Mine\n\nWords not saved yet.')
    // A teammate's edit reaches the file first.
    const theirs = await app.call('drafts.save', { id: draft.id, pitch: 'theirs', customFields: {}, baseVersion: draft.version })
    const theirBytes = readFileSync(draft.path)
    store.getState().leave()

    const listed = await until(store, (s) => s.unsavedElsewhere.length > 0)
    expect(listed.unsavedElsewhere).toEqual([
      { id: draft.id, title: 'Free-form grant', message: 'The file was changed outside Grant Desk. Open the draft to choose which version to keep.' },
    ])
    expect(readFileSync(draft.path).equals(theirBytes)).toBe(true)
    // Closing the window now would lose the text: the window must ask.
    expect(store.getState().saveBeforeClose()).toBe(true)

    await store.getState().open(draft.id)
    const reopened = store.getState()
    expect(reopened.pitch).toBe('# Mine\n\nWords not saved yet.')
    expect(reopened.conflict).toMatchObject({ currentVersion: theirs.version, detail: { source: 'save', version: theirs.version } })
    expect(reopened.notice).toMatch(/had not been saved when you left/)
    expect(reopened.unsavedElsewhere).toEqual([])
    expect(readFileSync(draft.path).equals(theirBytes)).toBe(true)
  })

  it('lists a left draft whose file vanished before its background save, and saves the text once the file is back', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const original = readFileSync(draft.path)
    const editor = editorOn(app)
    store = editor.store
    await store.getState().open(draft.id)

    store.getState().setPitch('# Mine\n\nTyped, then the file was moved away.')
    rmSync(draft.path)
    store.getState().leave()

    const listed = await until(store, (s) => s.unsavedElsewhere.length > 0)
    expect(listed.unsavedElsewhere).toHaveLength(1)
    expect(listed.unsavedElsewhere[0]).toMatchObject({ id: draft.id, title: 'Free-form grant' })
    expect(listed.unsavedElsewhere[0]!.message).toMatch(/no longer in/)
    expect(store.getState().saveBeforeClose()).toBe(true)

    // Put back as it was: reopening reads it again and writes the text that was kept.
    writeFileSync(draft.path, original)
    await store.getState().open(draft.id)
    const state = store.getState()
    expect(state.pitch).toBe('# Mine\n\nTyped, then the file was moved away.')
    expect(state.saveState).toBe('saved')
    expect(state.saveError).toBeNull()
    expect(state.unsavedElsewhere).toEqual([])
    expect(store.getState().saveBeforeClose()).toBe(false)
    const reread = await app.call('drafts.get', { id: draft.id })
    expect(reread.pitch).toBe('# Mine\n\nTyped, then the file was moved away.')
    expect(reread.version).toBe(state.draft?.version)
  })

  it('keeps mine as a copy after a conflict, with what was typed while the copy was made', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.open })
    const editor = editorOn(app)
    store = editor.store
    await store.getState().open(draft.id)

    store.getState().setPitch('# Mine')
    store.getState().setField('repo', 'https://example.org/mine')
    await app.call('drafts.save', { id: draft.id, pitch: 'theirs', customFields: {}, baseVersion: draft.version })
    const theirBytes = readFileSync(draft.path)
    expect(await store.getState().saveNow()).toBe(false)
    expect(store.getState().conflict).not.toBeNull()

    const copying = store.getState().keepMineAsCopy()
    // drafts.create is on its way with the text as it was; this is in neither file yet.
    store.getState().setPitch('# Mine\n\nTyped while the copy was made.')
    expect(await copying).toBeNull()

    expect(editor.routes).toHaveLength(1)
    const copyId = editor.routes[0]!.id
    expect(copyId).not.toBe(draft.id)
    const sent = await app.call('drafts.get', { id: copyId })
    expect(sent.pitch).toBe('# Mine')
    expect(sent.customFields).toEqual({ repo: 'https://example.org/mine' })

    // The app opens the copy (the route changed): the later text is saved into it.
    await store.getState().open(copyId)
    const state = store.getState()
    expect(state.draft?.id).toBe(copyId)
    expect(state.pitch).toBe('# Mine\n\nTyped while the copy was made.')
    expect(state.saveState).toBe('saved')
    const copy = await app.call('drafts.get', { id: copyId })
    expect(copy.pitch).toBe('# Mine\n\nTyped while the copy was made.')
    expect(copy.customFields).toEqual({ repo: 'https://example.org/mine' })
    // Nothing is waiting anywhere, and their file was never written over.
    expect(state.unsavedElsewhere).toEqual([])
    expect(store.getState().saveBeforeClose()).toBe(false)
    expect(readFileSync(draft.path).equals(theirBytes)).toBe(true)
  })

  it('Retry after the file vanished reads it again: gone stays gone, and a file put back clears the problem', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const original = readFileSync(draft.path)
    const editor = editorOn(app)
    store = editor.store
    await store.getState().open(draft.id)

    // No edits: the core's watcher tells the editor, which reads the file and finds it gone.
    editor.events.deliver = true
    rmSync(draft.path)
    const failed = await until(store, (s) => s.saveState === 'failed')
    editor.events.deliver = false
    expect(failed.fileTrouble).toBe('unreadable')
    expect(failed.saveError?.code).toBe('not_found')

    // Retry: still missing.
    expect(await store.getState().saveNow()).toBe(false)
    expect(store.getState().fileTrouble).toBe('gone')
    expect(store.getState().saveState).toBe('failed')

    // Put back as it was: Retry finds it, and there is nothing to write.
    writeFileSync(draft.path, original)
    expect(await store.getState().saveNow()).toBe(true)
    const state = store.getState()
    expect(state.saveState).toBe('saved')
    expect(state.saveError).toBeNull()
    expect(state.fileTrouble).toBeNull()
    expect(state.pitch).toBe(draft.pitch)
    expect(readFileSync(draft.path).equals(original)).toBe(true)
  })

  it('Retry after the file vanished during typing writes the kept text over the file put back', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const editor = editorOn(app)
    store = editor.store
    await store.getState().open(draft.id)

    rmSync(draft.path)
    store.getState().setPitch('# Mine\n\nTyped while the file was gone.')
    expect(await store.getState().saveNow()).toBe(false)
    expect(store.getState().fileTrouble).toBe('unreadable')

    // Put back from an older copy, with other text.
    const older = await app.call('drafts.create', { grantId: IDS.freeForm, pitch: '# An older copy' })
    writeFileSync(draft.path, readFileSync(older.path))
    const restored = await app.call('drafts.get', { id: draft.id })

    expect(await store.getState().saveNow()).toBe(true)
    const state = store.getState()
    expect(state.saveState).toBe('saved')
    expect(state.fileTrouble).toBeNull()
    expect(state.pitch).toBe('# Mine\n\nTyped while the file was gone.')
    const reread = await app.call('drafts.get', { id: draft.id })
    expect(reread.pitch).toBe('# Mine\n\nTyped while the file was gone.')
    expect(reread.version).not.toBe(restored.version)
    expect(reread.version).toBe(state.draft?.version)
  })

  it('saves the text as a new draft once the file is known to be gone', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const editor = editorOn(app)
    store = editor.store
    await store.getState().open(draft.id)

    rmSync(draft.path)
    store.getState().setPitch('# Mine\n\nOnly on screen.')
    expect(await store.getState().saveNow()).toBe(false)
    expect(await store.getState().saveNow()).toBe(false)
    expect(store.getState().fileTrouble).toBe('gone')

    expect(await store.getState().keepMineAsCopy()).toBeNull()
    const copyId = editor.routes[0]!.id
    expect((await app.call('drafts.get', { id: copyId })).pitch).toBe('# Mine\n\nOnly on screen.')
    // The old draft holds nothing that is not on disk any more: leaving it leaves nothing behind.
    store.getState().leave()
    expect(store.getState().unsavedElsewhere).toEqual([])
    expect(store.getState().saveBeforeClose()).toBe(false)
  })
})
