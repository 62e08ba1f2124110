/**
 * The open draft as the editor shows it. The saving itself lives in a DraftSession (see
 * draftSession.ts); this slice opens drafts, mirrors the session to the screen, follows
 * changes made to the file outside the app, and carries out the applicant's choices after a
 * conflict.
 */
import { create } from 'zustand'
import type { AppError, Draft } from '../../../../shared/ipc'
import { call, onEvent } from '../../lib/bridge'
import { go } from '../navigation/navigationSlice'
import { type Conflict, DraftSession, type SaveRequest, type SaveState } from './draftSession'

export type { SaveState } from './draftSession'

export const RELOADED_NOTICE = 'Reloaded: the file was changed outside Grant Desk.'

export interface EditorState {
  /** The draft being opened or shown. */
  id: string | null
  /** The draft as last loaded from or saved to the core. */
  draft: Draft | null
  /** What the applicant sees and edits. */
  pitch: string
  customFields: Record<string, string>
  /** The base version of the next save. */
  version: string | null
  saveState: SaveState
  saveError: AppError | null
  conflict: Conflict | null
  loading: boolean
  loadError: AppError | null
  notice: string | null

  open(id: string): Promise<void>
  /** The screen is closing: unsaved edits are saved in the background. */
  leave(): void
  setPitch(pitch: string): void
  setField(name: string, value: string): void
  /** Resolves true once the file on disk matches what the applicant sees. */
  saveNow(): Promise<boolean>
  /** After a conflict: the file's version replaces what the applicant sees. */
  reloadTheirs(): Promise<AppError | null>
  /** After a conflict: the applicant's text becomes a new draft, which is opened. */
  keepMineAsCopy(): Promise<AppError | null>
  /** A new draft for the same grant from this one's text (a submitted draft is read-only). */
  duplicate(): Promise<AppError | null>
  /** The core's draft after submitting (now read-only). */
  markSubmitted(draft: Draft): void
  dismissNotice(): void
}

const CLOSED = {
  id: null,
  draft: null,
  pitch: '',
  customFields: {},
  version: null,
  saveState: 'saved',
  saveError: null,
  conflict: null,
  loading: false,
  loadError: null,
  notice: null,
} satisfies Partial<EditorState>

/** The session shown on screen, if any. */
let current: DraftSession | null = null
let stopWatching: (() => void) | null = null
/** Which open() call is the latest: an older one finishing late must not take the screen. */
let opening = 0
/**
 * Sessions whose screen closed before their text was on disk (a save still on its way, or
 * one that failed or met a conflict): reopening the draft brings that text back.
 */
const leftBehind = new Map<string, DraftSession>()

const saveDraft = (request: SaveRequest) => call('drafts.save', request)

function mirror(session: DraftSession): void {
  if (session !== current) return
  useEditor.setState({
    id: session.id,
    draft: session.draft,
    pitch: session.pitch,
    customFields: session.customFields,
    version: session.version,
    saveState: session.saveState,
    saveError: session.saveError,
    conflict: session.conflict,
  })
}

function show(session: DraftSession, notice: string | null): void {
  current = session
  stopWatching?.()
  stopWatching = onEvent('drafts.changed', ({ ids }) => {
    if (ids.includes(session.id)) void reloadIfUntouched(session)
  })
  useEditor.setState({ loading: false, loadError: null, notice })
  mirror(session)
}

/**
 * The file changed on disk. Without unsaved edits, the new version is shown; with them, it is
 * left alone: their next save meets a conflict and the applicant chooses.
 */
async function reloadIfUntouched(session: DraftSession): Promise<void> {
  const untouched = () => session === current && !session.unsaved && !session.saving && !session.conflict
  if (!untouched()) return
  const result = await call('drafts.get', { id: session.id })
  if (!untouched()) return
  if (!result.ok) {
    session.fileProblem(result.error)
    return
  }
  if (result.value.version === session.version) return
  session.replace(result.value)
  useEditor.setState({ notice: RELOADED_NOTICE })
}

function createFrom(session: DraftSession) {
  return call('drafts.create', { grantId: session.draft.grant.id, pitch: session.pitch, customFields: session.customFields, projectKind: session.draft.projectKind })
}

export const useEditor = create<EditorState>((set) => ({
  ...CLOSED,

  open: async (id) => {
    if (current) useEditor.getState().leave()
    const mine = ++opening
    set({ ...CLOSED, id, loading: true })

    const earlier = leftBehind.get(id)
    if (earlier) {
      await earlier.saveNow()
      if (mine !== opening) return
      leftBehind.delete(id)
      if (earlier.unsaved) {
        show(earlier, 'Your last changes had not been saved when you left this draft; they are shown again here.')
        return
      }
    }

    const result = await call('drafts.get', { id })
    if (mine !== opening) return
    if (!result.ok) {
      set({ loading: false, loadError: result.error })
      return
    }
    show(new DraftSession(result.value, saveDraft, mirror), null)
  },

  leave: () => {
    opening += 1
    stopWatching?.()
    stopWatching = null
    const session = current
    current = null
    set(CLOSED)
    if (!session || (!session.unsaved && !session.saving)) return
    leftBehind.set(session.id, session)
    void session.saveNow().then((saved) => {
      if (saved && leftBehind.get(session.id) === session) leftBehind.delete(session.id)
    })
  },

  setPitch: (pitch) => current?.setPitch(pitch),
  setField: (name, value) => current?.setField(name, value),
  saveNow: () => current?.saveNow() ?? Promise.resolve(false),

  reloadTheirs: async () => {
    const session = current
    if (!session) return null
    const result = await call('drafts.get', { id: session.id })
    if (!result.ok) return result.error
    session.replace(result.value)
    if (session === current) set({ notice: 'Reloaded the version on disk; your unsaved text was replaced.' })
    return null
  },

  keepMineAsCopy: async () => {
    const session = current
    if (!session) return null
    const result = await createFrom(session)
    if (!result.ok) return result.error
    session.savedElsewhere()
    go({ name: 'draft', id: result.value.id })
    return null
  },

  duplicate: async () => {
    const session = current
    if (!session) return null
    const result = await createFrom(session)
    if (!result.ok) return result.error
    go({ name: 'draft', id: result.value.id })
    return null
  },

  markSubmitted: (draft) => {
    if (current && current.id === draft.id) current.replace(draft)
  },

  dismissNotice: () => set({ notice: null }),
}))
