/**
 * The open draft's history: the list of its earlier versions (newest first), their texts as
 * the applicant opens them to compare, and restoring one (whole, or one section of its pitch).
 * The list is read when the panel opens, after every save of the draft and whenever the core
 * says the draft's files changed (a teammate's version arriving through the shared folder).
 *
 * A restore writes a new version in the core; it starts from the version the editor shows,
 * so the editor's unsaved edits are saved first (they become a version of their own and stay
 * in the history) and the core refuses the restore if the file changed meanwhile.
 *
 * Built from what it talks to (`HistoryDeps`) like the review store, so tests can give it a
 * core or a fake; history.ts builds the app's store from the bridge and the editor.
 */
import { latestRequest, createStore } from '../store'
import type { AppError, ChannelInput, ChannelOutput, Draft, HistoryGetOutput, HistoryListOutput, IpcEventPayload, IpcResult } from '../../../../shared/ipc'

type HistoryChannel = 'history.list' | 'history.get' | 'history.restore'

export type HistoryCall = <C extends HistoryChannel>(channel: C, input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>

export interface HistoryEditor {
  /** Saves the editor's edits; true once the file holds what the applicant sees. */
  saveNow: () => Promise<boolean>
  /** The draft's version the editor shows (what a restore starts from). */
  version: () => string | null
  /** The restored draft replaces the editor's text. */
  replaceWith: (draft: Draft) => void
}

export interface HistoryDeps {
  call: HistoryCall
  onEvent: (event: 'drafts.changed', listener: (payload: IpcEventPayload<'drafts.changed'>) => void) => () => void
  editor: HistoryEditor
}

export interface HistoryState {
  draftId: string | null
  list: HistoryListOutput | null
  loading: boolean
  loadError: AppError | null
  /** Texts of versions read so far, by id (a version never changes once written). */
  texts: Record<string, HistoryGetOutput>
  open: (draftId: string) => void
  close: () => void
  refresh: () => Promise<void>
  /** The text of one version (read once, then kept). */
  load: (versionId: string) => Promise<HistoryGetOutput | AppError>
  /** Restores a version (or one `section` of its pitch); null when done, else why not. */
  restore: (versionId: string, section?: string) => Promise<AppError | null>
}

const UNSAVED: AppError = {
  code: 'conflict',
  message: 'Your latest changes could not be saved, so nothing was restored. Save them first (or resolve the conflict), then restore again.',
}

export function createHistoryStore(deps: HistoryDeps) {
  let stopWatching: (() => void) | null = null
  /** Only the latest refresh shows its list: an older answer arriving late must not replace a newer list. */
  const reads = latestRequest()

  const store = createStore<HistoryState>((set, get) => ({
    draftId: null,
    list: null,
    loading: false,
    loadError: null,
    texts: {},

    open: (draftId) => {
      if (get().draftId !== draftId) {
        stopWatching?.()
        set({ draftId, list: null, loadError: null, texts: {} })
        stopWatching = deps.onEvent('drafts.changed', ({ ids }) => {
          if (ids.includes(draftId)) void get().refresh()
        })
      }
      void get().refresh()
    },

    close: () => {
      stopWatching?.()
      stopWatching = null
      reads.drop()
      set({ draftId: null, list: null, loading: false, loadError: null, texts: {} })
    },

    refresh: async () => {
      const draftId = get().draftId
      if (!draftId) return
      const isLatest = reads.begin()
      set({ loading: true })
      const result = await deps.call('history.list', { draftId })
      if (!isLatest() || get().draftId !== draftId) return
      if (result.ok) set({ list: result.value, loading: false, loadError: null })
      else set({ loading: false, loadError: result.error })
    },

    load: async (versionId) => {
      const draftId = get().draftId
      const known = get().texts[versionId]
      if (known) return known
      if (!draftId) return { code: 'not_found', message: 'No draft is open.' }
      const result = await deps.call('history.get', { draftId, versionId })
      if (!result.ok) return result.error
      if (get().draftId === draftId) set({ texts: { ...get().texts, [versionId]: result.value } })
      return result.value
    },

    restore: async (versionId, section) => {
      const draftId = get().draftId
      if (!draftId) return { code: 'not_found', message: 'No draft is open.' }
      if (!(await deps.editor.saveNow())) return UNSAVED
      const baseVersion = deps.editor.version()
      if (!baseVersion) return UNSAVED
      const result = await deps.call('history.restore', { draftId, versionId, baseVersion, ...(section !== undefined ? { section } : {}) })
      if (!result.ok) return result.error
      deps.editor.replaceWith(result.value)
      await get().refresh()
      return null
    },
  }))

  return store
}
