/**
 * The open draft's team review: its threads and verdicts as the core folds them from the
 * record files beside the draft, read when the draft opens and again whenever the core says
 * the draft's files changed (a teammate's comment synced in), and every action on it.
 *
 * Every record is signed with the reviewer name from Settings. Before the first action that
 * writes one, the name is asked for once (`namePrompt`), saved to Settings, and the action
 * goes on. Nothing here depends on the grant service: reviews are local files, so all of it
 * works offline.
 *
 * Built from what it talks to (`ReviewDeps`) like the editor's store, so tests can run it
 * against a real core; review.ts builds the app's store from the bridge and the app's editor.
 */
import { newestShown, createStore } from '../store'
import type { AppError, ChannelInput, ChannelOutput, IpcEventPayload, IpcResult, SettingsView } from '../../../../shared/ipc'
import type { Anchor } from '../../../../shared/review'
import type { ReviewData } from '../../../../shared/review'
import { identityKey } from '../../../../shared/review'

type ReviewChannel =
  | 'reviews.get'
  | 'reviews.addThread'
  | 'reviews.reply'
  | 'reviews.setResolved'
  | 'reviews.decideSuggestion'
  | 'reviews.editComment'
  | 'reviews.deleteComment'
  | 'reviews.setVerdict'
  | 'settings.get'
  | 'settings.update'

export type ReviewCall = <C extends ReviewChannel>(channel: C, input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>

export interface ReviewDeps {
  call: ReviewCall
  onEvent: (event: 'drafts.changed', listener: (payload: IpcEventPayload<'drafts.changed'>) => void) => () => void
  /** The settings after the reviewer name was saved here (the app keeps its settings screen in step). */
  onSettingsSaved?: (view: SettingsView) => void
  /** The open draft's editor, which a verdict saves through first (`giveVerdict`). */
  editor?: ReviewEditor
  /** How long to wait before each new try of a read that failed (default REREAD_DELAYS_MS). */
  rereadDelaysMs?: readonly number[]
}

/**
 * A read that failed is tried again after these waits. A teammate's sync rewrites the draft's
 * files while the panel re-reads them, and a read caught half-way fails; the change event that
 * sent it may be the last one, so without a new try the panel would stay behind until the next.
 */
export const REREAD_DELAYS_MS: readonly number[] = [500, 2_000, 5_000]

/** What the review needs of the editor: the verdict is on the text as saved, so it saves first. */
export interface ReviewEditor {
  /** Saves what is on screen now; true once it is saved. */
  saveNow: () => Promise<boolean>
  /** The version of the open draft as last saved, or null when none is open. */
  savedVersion: () => string | null
  /** Whether the save stopped at a conflict with the file on disk (which shows its own dialog). */
  inConflict: () => boolean
}

export type Verdict = 'approve' | 'request-changes'

/**
 * How `giveVerdict` went: given (`asAuthor`: the person is an author of the draft, so the
 * verdict counts only as a note), or not, with what to say (null when the conflict dialog says it).
 */
export type VerdictOutcome = { given: true; asAuthor: boolean } | { given: false; error: AppError | null }

/** What a new thread is about, as the composer shows it. */
export interface ComposeTarget {
  anchor: Anchor
  /** "the pitch, line 4", "field Website", "the whole draft". */
  label: string
}

export interface NamePrompt {
  busy: boolean
  error: AppError | null
}

export type AddThreadInput = Omit<ChannelInput<'reviews.addThread'>, 'draftId'>

export interface ReviewState {
  draftId: string | null
  data: ReviewData | null
  loading: boolean
  /** The review could not be read (shown with a retry); a later read that works clears it. */
  loadError: AppError | null
  /**
   * Reads again failed while a review was shown (the first failure and its first new try): the
   * review stays, said to be possibly out of date, and is read again by itself (REREAD_DELAYS_MS)
   * and on the next change; a read that works clears it.
   */
  staleError: AppError | null
  /** The name records are signed with: null until read from Settings, '' when not set yet. */
  reviewerName: string | null
  /** Said politely to screen readers: only when a teammate's comment arrives. */
  announcement: string
  /** The new-thread composer, when open. */
  composing: ComposeTarget | null
  /** Why a Comment command could not start ("Select the text in the editor…"). */
  commentHint: string | null
  /** The one-time "your name" dialog, while an action waits for it. */
  namePrompt: NamePrompt | null

  /** Shows the review of this draft (and follows changes to it on disk) until close(). */
  open: (draftId: string) => void
  close: () => void
  /** Reads the records again; `announce` says new comments from teammates out loud. */
  refresh: (options?: { announce?: boolean }) => Promise<void>

  /** Opens the composer, after asking for the reviewer name if there is none yet. */
  startComposing: (target: ComposeTarget) => void
  stopComposing: () => void
  setCommentHint: (hint: string | null) => void

  /** Resolves true once there is a reviewer name (asking for it if need be), false if the person declined. */
  ensureReviewerName: () => Promise<boolean>
  submitName: (name: string) => Promise<void>
  cancelNamePrompt: () => void

  addThread: (input: AddThreadInput) => Promise<AppError | null>
  reply: (threadId: string, body: string) => Promise<AppError | null>
  setResolved: (threadId: string, resolved: boolean) => Promise<AppError | null>
  decideSuggestion: (threadId: string, decision: 'applied' | 'declined') => Promise<AppError | null>
  editComment: (commentId: string, body: string) => Promise<AppError | null>
  deleteComment: (commentId: string) => Promise<AppError | null>
  /** `baseVersion`: the draft's version as saved, the text the reviewer approves or not. */
  setVerdict: (input: { verdict: Verdict; note: string; baseVersion: string }) => Promise<AppError | null>
  /**
   * Saves the draft through the editor, then gives the verdict on the version saved (so nobody
   * approves text they did not see: the core refuses it if the file changed since), and says
   * whether it counts or is an author's note.
   */
  giveVerdict: (input: { verdict: Verdict; note: string }) => Promise<VerdictOutcome>
}

/** Whether the person in Settings is an author of the open draft: their verdict is then a note. */
export function reviewerIsAuthor(state: Pick<ReviewState, 'reviewerName' | 'data'>): boolean {
  const me = state.reviewerName
  const authors = state.data?.authors
  if (!me || !authors) return false
  const key = identityKey(me)
  return authors.some((author) => identityKey(author.name) === key)
}

/** What an action answers when the person closed the name dialog without a name. */
export const NAME_DECLINED: AppError = {
  code: 'invalid_input',
  message: 'Nothing was saved: comments are signed with your name. Add it to go on.',
}

const NO_DRAFT: AppError = { code: 'not_found', message: 'No draft is open.' }

/** `giveVerdict` when the save before it did not go through. */
export const NOT_SAVED: AppError = {
  code: 'storage_error',
  message: 'Your latest changes could not be saved, so there is no saved text to give a verdict on yet. Save the draft, then try again.',
}

const CLOSED = {
  draftId: null,
  data: null,
  loading: false,
  loadError: null,
  staleError: null,
  announcement: '',
  composing: null,
  commentHint: null,
} satisfies Partial<ReviewState>

/** Every comment (thread or reply) in the data, by id, with its author. */
function commentAuthors(data: ReviewData): Map<string, string> {
  const authors = new Map<string, string>()
  for (const thread of data.threads) {
    if (!thread.missing && !thread.deleted) authors.set(thread.id, thread.author)
    for (const reply of thread.replies) if (!reply.deleted) authors.set(reply.id, reply.author)
  }
  return authors
}

/** "New comment from Ada", "3 new comments from Ada and Ben", or '' when nothing new came from others. */
export function arrivalText(before: ReviewData | null, after: ReviewData, me: string | null): string {
  if (!before) return ''
  const known = commentAuthors(before)
  const authors: string[] = []
  let count = 0
  for (const [id, author] of commentAuthors(after)) {
    if (known.has(id) || (me && author === me)) continue
    count += 1
    if (!authors.includes(author)) authors.push(author)
  }
  if (count === 0) return ''
  const names = authors.length === 1 ? authors[0]! : `${authors.slice(0, -1).join(', ')} and ${authors.at(-1)!}`
  return count === 1 ? `New comment from ${names}` : `${count} new comments from ${names}`
}

export function createReviewStore(deps: ReviewDeps) {
  let stopWatching: (() => void) | null = null
  /**
   * A read's answer is shown only if nothing that started later has been shown already. An
   * action's answer (the review as read right after its write) is always shown, and counts as
   * newer than every read started before it came back: a read that was on its way meanwhile
   * may have been served before the write.
   */
  const reads = newestShown()
  const rereadDelays = deps.rereadDelaysMs ?? REREAD_DELAYS_MS
  /** The next try of a read that failed, and how many were tried since the last that worked. */
  let retry: ReturnType<typeof setTimeout> | null = null
  let retries = 0
  const stopRetrying = () => {
    if (retry !== null) clearTimeout(retry)
    retry = null
    retries = 0
  }
  /** The person's answer to the name dialog, awaited by the action that opened it. */
  const nameWaiters: ((ok: boolean) => void)[] = []

  /** `seq`: the read's number, or null for an action's answer. */
  function show(draftId: string, seq: number | null, data: ReviewData, announce: boolean): void {
    const state = store.getState()
    if (state.draftId !== draftId || !reads.show(seq)) return
    let announcement = announce ? arrivalText(state.data, data, state.reviewerName) : ''
    // The same words again would not change the live region, so nothing would be said: vary them invisibly.
    if (announcement && announcement === state.announcement) announcement += '\u00a0'
    stopRetrying()
    store.setState({ data, loading: false, loadError: null, staleError: null, ...(announcement ? { announcement } : {}) })
  }

  async function readName(): Promise<string | null> {
    const result = await deps.call('settings.get', undefined)
    if (!result.ok) return null
    store.setState({ reviewerName: result.value.reviewerName })
    return result.value.reviewerName
  }

  /** Runs an action that writes a record: with a name, and asking again if the core says it has none. */
  async function write(run: (draftId: string) => Promise<IpcResult<ReviewData>>): Promise<AppError | null> {
    const draftId = store.getState().draftId
    if (!draftId) return NO_DRAFT
    if (!(await store.getState().ensureReviewerName())) return NAME_DECLINED
    let result = await run(draftId)
    if (!result.ok && result.error.code === 'invalid_input' && result.error.fields?.['reviewerName'] !== undefined) {
      // The name was cleared in the meantime (the settings file changed): ask once more.
      store.setState({ reviewerName: '' })
      if (!(await store.getState().ensureReviewerName())) return NAME_DECLINED
      result = await run(draftId)
    }
    if (!result.ok) {
      // The thread or comment is gone (a teammate's change synced in): show what is there now.
      if (result.error.code === 'not_found') void store.getState().refresh()
      return result.error
    }
    // Its answer is a full read: a teammate's comment that came with it is said too.
    show(draftId, null, result.value, true)
    return null
  }

  /** Reads the open draft's review and shows it; a read that fails is tried again (REREAD_DELAYS_MS). */
  async function read(announce: boolean): Promise<void> {
    const draftId = store.getState().draftId
    if (!draftId) return
    const seq = reads.begin()
    const result = await deps.call('reviews.get', { draftId })
    if (store.getState().draftId !== draftId || reads.superseded(seq)) return
    if (result.ok) {
      show(draftId, seq, result.value, announce)
      return
    }
    // A failed re-read keeps the review on screen, said to be possibly behind once a new try has
    // failed too (one read caught in a sync's writes is no news; a notice for half a second would
    // be noise); a first read that fails is shown as the panel's error. Either way it is tried
    // again by itself a few times.
    if (!store.getState().data) store.setState({ loading: false, loadError: result.error })
    else if (retries > 0) store.setState({ staleError: result.error })
    if (retry !== null) clearTimeout(retry)
    retry = null
    const wait = rereadDelays[retries]
    if (wait === undefined) return
    retries += 1
    retry = setTimeout(() => {
      retry = null
      if (store.getState().draftId === draftId) void read(true)
    }, wait)
  }

  const store = createStore<ReviewState>((set, get) => ({
    ...CLOSED,
    reviewerName: null,
    namePrompt: null,

    open: (draftId) => {
      stopWatching?.()
      stopRetrying()
      set({ ...CLOSED, draftId, loading: true })
      stopWatching = deps.onEvent('drafts.changed', ({ ids }) => {
        if (ids.includes(draftId) && get().draftId === draftId) void get().refresh({ announce: true })
      })
      void readName()
      void get().refresh()
    },

    close: () => {
      stopWatching?.()
      stopWatching = null
      stopRetrying()
      // An action waiting for a name has nowhere to go now.
      for (const waiter of nameWaiters.splice(0)) waiter(false)
      set({ ...CLOSED, namePrompt: null })
    },

    refresh: ({ announce = false } = {}) => {
      // Asked for (a change, the button, the panel opening): the new tries start over.
      stopRetrying()
      return read(announce)
    },

    startComposing: (target) => {
      set({ commentHint: null })
      // The name first, so that nobody writes a comment only to be stopped when sending it.
      if (get().reviewerName) {
        set({ composing: target })
        return
      }
      void get()
        .ensureReviewerName()
        .then((named) => {
          if (named && get().draftId !== null) set({ composing: target })
        })
    },
    stopComposing: () => set({ composing: null }),
    setCommentHint: (hint) => set({ commentHint: hint }),

    ensureReviewerName: async () => {
      const known = get().reviewerName ?? (await readName())
      if (known) return true
      return new Promise<boolean>((resolve) => {
        nameWaiters.push(resolve)
        if (!get().namePrompt) set({ namePrompt: { busy: false, error: null } })
      })
    },

    submitName: async (name) => {
      const trimmed = name.trim()
      if (!trimmed) {
        set({ namePrompt: { busy: false, error: { code: 'invalid_input', message: 'Write your name first.', fields: { reviewerName: 'must not be empty' } } } })
        return
      }
      set({ namePrompt: { busy: true, error: null } })
      const result = await deps.call('settings.update', { reviewerName: trimmed })
      if (!result.ok) {
        if (get().namePrompt) set({ namePrompt: { busy: false, error: result.error } })
        return
      }
      deps.onSettingsSaved?.(result.value)
      set({ reviewerName: result.value.reviewerName, namePrompt: null })
      for (const waiter of nameWaiters.splice(0)) waiter(true)
    },

    cancelNamePrompt: () => {
      set({ namePrompt: null })
      for (const waiter of nameWaiters.splice(0)) waiter(false)
    },

    addThread: (input) => write((draftId) => deps.call('reviews.addThread', { ...input, draftId })),
    reply: (threadId, body) => write((draftId) => deps.call('reviews.reply', { draftId, threadId, body })),
    setResolved: (threadId, resolved) => write((draftId) => deps.call('reviews.setResolved', { draftId, threadId, resolved })),
    decideSuggestion: (threadId, decision) => write((draftId) => deps.call('reviews.decideSuggestion', { draftId, threadId, decision })),
    editComment: (commentId, body) => write((draftId) => deps.call('reviews.editComment', { draftId, commentId, body })),
    deleteComment: (commentId) => write((draftId) => deps.call('reviews.deleteComment', { draftId, commentId })),
    setVerdict: ({ verdict, note, baseVersion }) => write((draftId) => deps.call('reviews.setVerdict', { draftId, verdict, note, baseVersion })),

    giveVerdict: async ({ verdict, note }) => {
      const editor = deps.editor
      if (!editor || !get().draftId) return { given: false, error: NO_DRAFT }
      const saved = await editor.saveNow()
      const baseVersion = editor.savedVersion()
      // A conflict opens its own dialog; anything else is said by the caller.
      if (!saved || baseVersion === null) return { given: false, error: editor.inConflict() ? null : NOT_SAVED }
      const failure = await get().setVerdict({ verdict, note: note.trim(), baseVersion })
      if (failure) return { given: false, error: failure }
      return { given: true, asAuthor: reviewerIsAuthor(get()) }
    },
  }))

  return store
}

export type ReviewStore = ReturnType<typeof createReviewStore>
