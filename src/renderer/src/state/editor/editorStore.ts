/**
 * The open draft as the editor shows it. The saving itself lives in a DraftSession (see
 * draftSession.ts); this store opens drafts, mirrors the session to the screen, follows
 * changes made to the file outside the app, carries out the applicant's choices after a
 * conflict or a file problem, and keeps watch over drafts left with edits not yet on disk.
 *
 * Built from what it talks to (`EditorDeps`), so that the unit tests can run it against a real
 * core; editor.ts builds the app's store from the bridge and the navigation.
 */
import { latestRequest, createStore } from '../store'
import type { AppError, ChannelInput, ChannelOutput, Draft, DraftAuthorship, IpcEventPayload, IpcResult } from '../../../../shared/ipc'
import { type Conflict, DraftSession, type DraftText, type FileTrouble, type MergedSave, type SaveRequest, type SaveState } from './draftSession'

type EditorChannel = 'drafts.get' | 'drafts.merge' | 'drafts.create'

export type EditorCall = <C extends EditorChannel>(channel: C, input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>

export interface EditorDeps {
  call: EditorCall
  onEvent: (event: 'drafts.changed', listener: (payload: IpcEventPayload<'drafts.changed'>) => void) => () => void
  go: (route: { name: 'draft'; id: string }) => void
  /** Tests that drive every save themselves set this long. */
  autosaveDelayMs?: number
}

/** A draft the applicant left whose last edits could not be saved. */
export interface UnsavedElsewhere {
  id: string
  title: string
  message: string
}

export interface EditorState {
  /** The draft as last loaded from or saved to the core. */
  draft: Draft | null
  /**
   * Who wrote the draft and who is at this desk, as opening it read them (a save's answer does
   * not carry it, so it is kept apart from `draft`): the pitch's Suggesting or Editing is known
   * from its first keystroke (state/review/suggesting.ts). Null when not read (the editor then edits).
   */
  authorship: DraftAuthorship | null
  /** What the applicant sees and edits. */
  pitch: string
  customFields: Record<string, string>
  saveState: SaveState
  saveError: AppError | null
  fileTrouble: FileTrouble | null
  conflict: Conflict | null
  /** The last save merged changes saved elsewhere (the status line says so, with a link to the diff). */
  merged: MergedSave | null
  /** A quiet word for the status line (the file was reloaded after a change elsewhere): no banner, no layout shift. */
  statusNote: string | null
  /**
   * The text on screen is not the file's: `reloading` while a change on disk (another tab, a
   * teammate) is read, `newer` when the file moved on under unsaved edits (the next save merges
   * it). The save line then never says "Saved" of text older than the disk.
   */
  disk: 'reloading' | 'newer' | null
  loading: boolean
  loadError: AppError | null
  notice: string | null
  /** Drafts no longer on screen whose edits are not on disk and cannot get there by themselves. */
  unsavedElsewhere: UnsavedElsewhere[]

  open: (id: string) => Promise<void>
  /** The screen is closing: unsaved edits are saved in the background. */
  leave: () => void
  setPitch: (pitch: string) => void
  setField: (name: string, value: string) => void
  /**
   * Resolves true once the file on disk holds what the applicant sees. After a file problem
   * the file is read again first (see DraftSession.fileReadAgain). `explicit`: the applicant
   * asked for it (Ctrl+S, Save), so the core keeps it as its own version in the history.
   */
  saveNow: (options?: { explicit?: boolean }) => Promise<boolean>
  /**
   * The window is closing: starts saving every draft with edits not on disk, and says whether
   * there are any (the window should then ask before closing). Cheap: no waiting.
   */
  saveBeforeClose: () => boolean
  /**
   * The conflict view was finished for the open draft: `text` is saved over the file's version
   * `version`, whose own text is `theirs`. Resolves as `saveNow` does.
   */
  finishConflict: (draftId: string, text: DraftText, version: string, theirs: DraftText) => Promise<boolean>
  /** After a conflict: the file's version replaces what the applicant sees. */
  reloadTheirs: () => Promise<AppError | null>
  /** After a conflict or with the file gone: the applicant's text becomes a new draft, which is opened. */
  keepMineAsCopy: () => Promise<AppError | null>
  /** A new draft for the same grant from this one's text (a submitted draft is read-only). */
  duplicate: () => Promise<AppError | null>
  /** The core's draft after submitting (now read-only). */
  markSubmitted: (draft: Draft) => void
  /** The core wrote a new version of the open draft (a restore from its history): it replaces what is shown. */
  replaceWith: (draft: Draft) => void
  dismissNotice: () => void
}

const RELOADED_NOTE = 'Updated with changes saved elsewhere'
const CONFLICT_ELSEWHERE = 'The file was changed outside Grant Desk. Open the draft to choose which version to keep.'

const CLOSED = {
  draft: null,
  authorship: null,
  pitch: '',
  customFields: {},
  saveState: 'saved',
  saveError: null,
  fileTrouble: null,
  conflict: null,
  merged: null,
  statusNote: null,
  disk: null,
  loading: false,
  loadError: null,
  notice: null,
} satisfies Partial<EditorState>

export function createEditorStore(deps: EditorDeps) {
  /** The session shown on screen, if any. */
  let current: DraftSession | null = null
  let stopWatching: (() => void) | null = null
  /**
   * The session's version when the file was seen to have moved on under its unsaved edits; null
   * when not. A save or a reload moves the session past it (the screen is the disk's again).
   */
  let newerOnDisk: string | null = null
  /** Only the latest open() takes the screen: an older one finishing late must not. */
  const openings = latestRequest()
  /**
   * Sessions whose screen closed before their text was on disk (a save still on its way, or
   * one that failed or met a conflict): reopening the draft brings that text back.
   */
  const leftBehind = new Map<string, DraftSession>()

  const saveDraft = (request: SaveRequest) => deps.call('drafts.merge', request)
  const newSession = (draft: Draft) => new DraftSession(draft, saveDraft, changed, deps.autosaveDelayMs)

  function changed(session: DraftSession): void {
    if (session === current) mirror(session)
    else if (leftBehind.get(session.id) === session) settle(session)
  }

  function mirror(session: DraftSession): void {
    // A save or a reload moved the session on: the screen is the disk's again.
    if (newerOnDisk !== null && session.version !== newerOnDisk) newerOnDisk = null
    store.setState({
      disk: store.getState().disk === 'reloading' ? 'reloading' : newerOnDisk !== null ? 'newer' : null,
      draft: session.draft,
      pitch: session.pitch,
      customFields: session.customFields,
      saveState: session.saveState,
      saveError: session.saveError,
      fileTrouble: session.fileTrouble,
      conflict: session.conflict,
      merged: session.merged,
      ...(session.merged ? { statusNote: null } : {}),
    })
  }

  /** A left-behind session whose edits reached the disk is let go; the rest are listed. */
  function settle(session: DraftSession): void {
    if (leftBehind.get(session.id) === session && !session.unsaved && !session.saving) leftBehind.delete(session.id)
    listUnsavedElsewhere()
  }

  function listUnsavedElsewhere(): void {
    const list: UnsavedElsewhere[] = []
    for (const session of leftBehind.values()) {
      if (!session.unsaved || session.saving) continue
      const message = session.conflict ? CONFLICT_ELSEWHERE : session.saveError?.message
      if (message) list.push({ id: session.id, title: session.draft.grant.title, message })
    }
    const shown = store.getState().unsavedElsewhere
    const same =
      shown.length === list.length && shown.every((item, i) => item.id === list[i]!.id && item.message === list[i]!.message && item.title === list[i]!.title)
    if (!same) store.setState({ unsavedElsewhere: list })
  }

  function show(session: DraftSession, notice: string | null): void {
    current = session
    stopWatching?.()
    newerOnDisk = null
    stopWatching = deps.onEvent('drafts.changed', ({ ids, versions }) => {
      if (!ids.includes(session.id)) return
      // This session's own save (or a version it has already): nothing is newer.
      const version = versions?.[session.id]
      if (version !== undefined && version === session.version) return
      void reloadIfUntouched(session, version ?? null)
    })
    store.setState({ loading: false, loadError: null, notice })
    mirror(session)
  }

  /**
   * The file changed on disk. Without unsaved edits, the new version is shown; with them, it is
   * left alone: their next save meets a conflict and the applicant chooses.
   */
  async function reloadIfUntouched(session: DraftSession, version: string | null): Promise<void> {
    const untouched = () => session === current && !session.unsaved && !session.saving && !session.conflict
    if (!untouched()) {
      // Edits over a file that moved on: say so (their next save merges). A save under way may be
      // this session's own, whose version is not known yet: its answer says what happened.
      if (session === current && !session.saving && !session.conflict && version !== null) {
        newerOnDisk = session.version
        mirror(session)
      }
      return
    }
    store.setState({ disk: 'reloading' })
    const result = await deps.call('drafts.get', { id: session.id })
    if (session === current && store.getState().disk === 'reloading') store.setState({ disk: null })
    if (!untouched()) {
      if (session === current && result.ok && result.value.version !== session.version && !session.saving) {
        newerOnDisk = session.version
        mirror(session)
      }
      return
    }
    if (!result.ok) {
      session.fileProblem(result.error)
      return
    }
    if (result.value.version === session.version) {
      // Back as it was (restored after a file problem): nothing to reload.
      if (session.fileTrouble) session.fileReadAgain(result.value)
      return
    }
    newerOnDisk = null
    session.replace(result.value)
    store.setState({ statusNote: RELOADED_NOTE })
  }

  /** Saving, or after a file problem reading the file again first: saving alone cannot bring it back. */
  async function save(session: DraftSession, explicit = false): Promise<boolean> {
    if (session.saving) await session.saveNow()
    if (!session.fileTrouble || session.conflict) return session.saveNow(explicit)
    const result = await deps.call('drafts.get', { id: session.id })
    // A save or a reload settled the file's state meanwhile.
    if (session.saving || session.conflict || !session.fileTrouble) return session.saveNow(explicit)
    if (!result.ok) {
      session.fileProblem(result.error, true)
      return false
    }
    session.fileReadAgain(result.value)
    return session.saveNow(explicit)
  }

  function createFrom(draft: Draft, text: { pitch: string; customFields: Record<string, string> }) {
    return deps.call('drafts.create', { grantId: draft.grant.id, pitch: text.pitch, customFields: text.customFields, projectKind: draft.projectKind })
  }

  const store = createStore<EditorState>((set) => ({
    ...CLOSED,
    unsavedElsewhere: [],

    open: async (id) => {
      if (current) store.getState().leave()
      const isLatest = openings.begin()
      set({ ...CLOSED, loading: true })

      const earlier = leftBehind.get(id)
      if (earlier) {
        await save(earlier)
        if (!isLatest()) return
        leftBehind.delete(id)
        listUnsavedElsewhere()
        if (earlier.unsaved) {
          show(earlier, 'Your last changes had not been saved when you left this draft; they are shown again here.')
          return
        }
      }

      const result = await deps.call('drafts.get', { id })
      if (!isLatest()) return
      if (!result.ok) {
        set({ loading: false, loadError: result.error })
        return
      }
      // Before show(): the pitch appears with its mode already decided.
      set({ authorship: result.value.authorship ?? null })
      show(newSession(result.value), null)
    },

    leave: () => {
      openings.drop()
      stopWatching?.()
      stopWatching = null
      const session = current
      current = null
      set(CLOSED)
      if (!session || (!session.unsaved && !session.saving)) return
      leftBehind.set(session.id, session)
      void session.saveNow()
      settle(session)
    },

    setPitch: (pitch) => current?.setPitch(pitch),
    setField: (name, value) => current?.setField(name, value),
    saveNow: (options) => (current ? save(current, options?.explicit === true) : Promise.resolve(false)),

    saveBeforeClose: () => {
      let pending = false
      for (const session of current ? [current, ...leftBehind.values()] : leftBehind.values()) {
        if (!session.unsaved && !session.saving) continue
        pending = true
        void session.saveNow()
      }
      return pending
    },

    finishConflict: (draftId, text, version, theirs) => {
      const session = current
      if (!session || session.id !== draftId) return Promise.resolve(false)
      return session.resolve(text, version, theirs)
    },

    reloadTheirs: async () => {
      const session = current
      if (!session) return null
      const result = await deps.call('drafts.get', { id: session.id })
      if (!result.ok) return result.error
      session.replace(result.value)
      if (session === current) set({ notice: 'Reloaded the version on disk; your unsaved text was replaced.' })
      return null
    },

    keepMineAsCopy: async () => {
      const session = current
      if (!session) return null
      const sent = session.snapshot()
      const result = await createFrom(session.draft, sent)
      if (!result.ok) return result.error
      // What was typed while the copy was being made is in neither file yet.
      session.savedElsewhere(sent.edits)
      if (session !== current) return null
      if (session.unsaved) {
        // The copy opens with it and saves it (see open: a left-behind session is saved first).
        const copy = newSession(result.value)
        copy.setPitch(session.pitch)
        for (const [name, value] of Object.entries(session.customFields)) copy.setField(name, value)
        leftBehind.set(copy.id, copy)
        session.savedElsewhere(session.snapshot().edits)
      }
      deps.go({ name: 'draft', id: result.value.id })
      return null
    },

    duplicate: async () => {
      const session = current
      if (!session) return null
      const result = await createFrom(session.draft, session)
      if (!result.ok) return result.error
      deps.go({ name: 'draft', id: result.value.id })
      return null
    },

    markSubmitted: (draft) => {
      if (current && current.id === draft.id) current.replace(draft)
    },

    replaceWith: (draft) => {
      if (current && current.id === draft.id) current.replace(draft)
    },

    dismissNotice: () => set({ notice: null }),
  }))

  return store
}
