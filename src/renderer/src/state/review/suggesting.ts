/**
 * Suggesting mode. A teammate who is not an author of the open draft types into its pitch, but
 * the file is not theirs to change: their text stays on their screen only, and at each pause in
 * typing (or when they leave the pitch) every changed passage is posted as a suggestion thread
 * (`reviews.addThread` with a quote and a replacement; see shared/review/suggest.ts). Once
 * posted, the pitch on their screen is the file's again, and the suggestions are marks and
 * threads like any other, for an author to apply with one click.
 *
 * Who is in which mode: an author of the draft (their reviewer name among its recorded
 * authors), a person with no reviewer name yet, or a draft whose authors are not recorded,
 * edits as always. Anyone else suggests by default, and may switch to Editing (teams that
 * prefer it). That choice is remembered per reviewer name in this window's localStorage: it is
 * a habit of one person at one desk, not a setting of the drafts folder nor of the core, and
 * keeping it out of the settings file keeps the contract and its file unchanged.
 *
 * The mode is known before the pitch takes a keystroke: opening the draft (`drafts.get`) brings
 * who wrote it and the reviewer name (its `authorship`), and the review, once read, keeps it up
 * to date. Nothing typed is ever held while the mode is being found out.
 *
 * Nothing typed is lost: a suggestion that could not be posted leaves the reviewer's text on
 * their screen with the reason, and the next pause tries again.
 */
import { suggestionsFromEdit } from '../../../../shared/review'
import { identityKey } from '../../../../shared/review'
import type { DraftAuthorship } from '../../../../shared/ipc'
import type { ReviewData } from '../../../../shared/review'
import { createStore } from '../store'
import { useEditor } from '../editor'
import { useReview } from './review'

export type EditMode = 'suggesting' | 'editing'

/** How long typing must stop before what was typed is posted as suggestions. */
export const SUGGEST_PAUSE_MS = 1_500

const STORAGE_PREFIX = 'grant-desk.edit-mode.'

interface SuggestingState {
  /** The mode chosen per reviewer name (identityKey), as read from localStorage. */
  chosen: Record<string, EditMode>
  /** The pitch as the reviewer typed it, not yet posted; null when the screen shows the file's. */
  typed: string | null
  /** The file's pitch when the typing began: what the suggestions quote. */
  base: string | null
  posting: boolean
  /** Why the last posting failed (the typed text stays on screen). */
  error: string | null
  /** "2 suggestions sent to the authors." after a posting, for the status line. */
  sent: string | null
  /** Bumped when the screen must show the file's pitch again (after posting). */
  resets: number

  choose: (name: string, mode: EditMode) => void
  /** The pitch as typed in Suggesting mode. */
  type: (text: string) => void
  /** Posts what was typed as suggestions now (a pause, leaving the pitch, Ctrl+S). */
  flush: () => Promise<void>
  /** A new draft is opened: nothing typed belongs to it. */
  reset: () => void
}

function readChoice(key: string): EditMode | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_PREFIX + key)
    return stored === 'suggesting' || stored === 'editing' ? stored : null
  } catch {
    // Storage refused (a locked-down profile): the default applies.
    return null
  }
}

let timer: ReturnType<typeof setTimeout> | null = null

function plural(count: number): string {
  return count === 1 ? '1 suggestion' : `${count} suggestions`
}

export const useSuggesting = createStore<SuggestingState>((set, get) => ({
  chosen: {},
  typed: null,
  base: null,
  posting: false,
  error: null,
  sent: null,
  resets: 0,

  choose: (name, mode) => {
    const key = identityKey(name)
    try {
      window.localStorage.setItem(STORAGE_PREFIX + key, mode)
    } catch {
      // Not remembered past this window; the choice still holds now.
    }
    set((state) => ({ chosen: { ...state.chosen, [key]: mode } }))
    // Switching to Editing with text not yet sent: it becomes the edit it now is, never dropped.
    if (mode === 'editing' && get().typed !== null) void get().flush()
  },

  type: (text) => {
    const base = get().base ?? useEditor.getState().pitch
    set({ typed: text, base, sent: null })
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void get().flush()
    }, SUGGEST_PAUSE_MS)
  },

  flush: async () => {
    if (timer !== null) {
      clearTimeout(timer)
      timer = null
    }
    const { typed, base, posting } = get()
    if (typed === null || base === null || posting) return
    if (currentMode().mode === 'editing') {
      // Typed as suggestions, then the person chose Editing (or became an author): an edit now,
      // saved as any typing is. The screen already shows it, so nothing is set in the textarea.
      useEditor.getState().setPitch(typed)
      set({ typed: null, base: null, error: null })
      return
    }
    const found = suggestionsFromEdit(base, typed)
    if (!found.ok) {
      set({ error: found.reason })
      return
    }
    set({ posting: true, error: null })
    // All started at once, not one after another: each takes the open draft when it starts, so
    // a flush as the draft is left (DraftEditor) sends every passage, not only the first. Each
    // is its own record file, so they do not race (as two teammates commenting at once do not).
    const review = useReview.getState()
    const failures = await Promise.all(
      found.suggestions.map((suggestion) =>
        review.addThread({ anchor: { target: 'pitch', quote: suggestion.quote }, body: '', suggestion: suggestion.replacement }),
      ),
    )
    const done = found.suggestions.filter((_, i) => failures[i] === null)
    const posted = done.length
    const failure = failures.find((candidate) => candidate !== null)
    if (failure) {
      // What was posted stays posted (and is taken as the base); the rest is still on screen, to be sent again.
      set({
        posting: false,
        base: applied(base, done),
        error: `${posted > 0 ? `${plural(posted)} sent; the rest was not: ` : 'Your suggestion was not sent: '}${failure.message}`,
      })
      return
    }
    // Typed on while posting: that text is diffed at the next pause, against the file as it is then.
    const typedSince = get().typed !== typed
    set((state) => ({
      posting: false,
      typed: typedSince ? state.typed : null,
      base: typedSince ? applied(base, found.suggestions) : null,
      sent: posted > 0 ? `${plural(posted)} sent to the authors.` : null,
      resets: typedSince ? state.resets : state.resets + 1,
    }))
    if (typedSince) get().type(get().typed!)
  },

  reset: () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    set((state) => ({ typed: null, base: null, posting: false, error: null, sent: null, resets: state.resets + 1 }))
  },
}))

/** The base with the posted suggestions in it: what is left to suggest is then only the rest. */
function applied(base: string, done: readonly { start: number; end: number; replacement: string }[]): string {
  let text = base
  // From the end, so earlier offsets stay true.
  for (const suggestion of [...done].sort((a, b) => b.start - a.start))
    text = text.slice(0, suggestion.start) + suggestion.replacement + text.slice(suggestion.end)
  return text
}

/** Whether the person in Settings is recorded as an author of the open draft. */
export function isAuthorOf(me: string | null, authors: readonly { name: string }[] | undefined): boolean {
  if (!me || !authors) return false
  const key = identityKey(me)
  return authors.some((author) => identityKey(author.name) === key)
}

export interface EditModeView {
  /**
   * Known before the pitch takes a keystroke: opening the draft (drafts.get) reads who wrote it
   * and the reviewer name with it. There is no waiting state: nothing typed is ever held back and
   * put in again later (which split the browser's undo steps and could lose an author's edit).
   */
  mode: EditMode
  /** May submit and edits by default: an author, or nobody known to be someone else's reviewer. */
  author: boolean
  /** Name to remember the choice under; null when there is no choice (authors edit). */
  chooser: string | null
}

interface ModeInputs {
  me: string | null
  /** Unknown (undefined): nothing says who wrote the draft, so the person edits, as before. */
  authors: readonly { name: string }[] | undefined
  chosen: EditMode | undefined
}

/** The one rule of who is in which mode (see the top of this file). */
export function editModeFor({ me, authors, chosen }: ModeInputs): EditModeView {
  if (!me || !authors || authors.length === 0 || isAuthorOf(me, authors)) return { mode: 'editing', author: true, chooser: null }
  return { mode: chosen ?? readChoice(identityKey(me)) ?? 'suggesting', author: false, chooser: me }
}

interface Known {
  reviewerName: string | null
  review: ReviewData | null
  authorship: DraftAuthorship | null
}

/**
 * The freshest word on who is who: the review as last read (it follows teammates' records and
 * the name dialog), else what opening the draft read (there from the first keystroke, before the
 * review is read). The review's authors come as records, the opening's as names.
 */
function inputsFrom({ reviewerName, review, authorship }: Known): Omit<ModeInputs, 'chosen'> {
  const me = reviewerName ?? authorship?.reviewerName ?? null
  const authors = review?.authors ?? authorship?.authors.map((name) => ({ name }))
  return { me, authors }
}

/** The mode right now, outside React (the store's flush). */
function currentMode(): EditModeView {
  const { reviewerName, data } = useReview.getState()
  const inputs = inputsFrom({ reviewerName, review: data, authorship: useEditor.getState().authorship })
  const chosen = inputs.me ? useSuggesting.getState().chosen[identityKey(inputs.me)] : undefined
  return editModeFor({ ...inputs, chosen })
}

/** The mode the open draft's pitch is in for the person at this desk. */
export function useEditMode(): EditModeView {
  const reviewerName = useReview((s) => s.reviewerName)
  const review = useReview((s) => s.data)
  const authorship = useEditor((s) => s.authorship)
  const inputs = inputsFrom({ reviewerName, review, authorship })
  const chosen = useSuggesting((s) => (inputs.me ? s.chosen[identityKey(inputs.me)] : undefined))
  return editModeFor({ ...inputs, chosen })
}
