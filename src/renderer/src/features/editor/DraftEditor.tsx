/**
 * The draft editor: the checklist's verdict in a bar that stays in view, the pitch in Markdown
 * on the left with the team's comments in its margin, and beside it (below it when the window
 * is narrow) tabs for the checklist, the grant's application form, the team's review and the
 * draft's history (EditorSide). Every edit is saved to the draft's file about half a second
 * after typing stops, and before anything else happens to it (submit, leaving the screen,
 * closing the window). A file changed by someone else is never written over.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { PITCH_EDITOR_ID } from '../../lib/selectLines'
import type { ApplicationsSubmitOutput, AppError } from '../../../../shared/ipc'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { Deadline } from '../../components/Deadline'
import { useNow } from '../../lib/useNow'
import { go, useNavigation } from '../../state/app'
import { NotSentNotice, SubmitDialog } from '../submit'
import { ExportButton } from '../export'
import { ChecklistBar } from './ChecklistBar'
import { CalendarButton } from '../reminders'
import { ConflictDialog } from './ConflictDialog'
import { DraftConflictView } from '../conflicts'
import { useEditor } from '../../state/editor/editor'
import { checkLinksAfterSave } from '../../state/editor/linkCheck'
import { ChecklistRunner, EditorSide, openChecklist } from './EditorSide'
import { useEditorSide } from '../../state/editor/editorSide'
import { useEditorLayout } from '../../state/editor/editorLayout'
import { PitchEditor } from './PitchEditor'
import { openMark, usePitchMarks } from './marks/usePitchMarks'
import { countText, describeCounts } from './textCounts'
import { useCloseGuard } from './useCloseGuard'
import { useTextAtPause } from '../../state/editor/useTextAtPause'
import { CommentButton, OWN_CTRL_ENTER, ReviewDialogs, ReviewMargin, useCommentShortcut } from '../review'
import { isSyncShortcut } from '../sync'
import { useReviewSession, startPitchComment, useEditMode, useSuggesting } from '../../state/review'
import { EditModeSwitch, SubmitNotForYou, SuggestingStatus } from './EditModeSwitch'
import { FitTemplateButton } from './FitTemplate'
import { SaveLine, submitBlockedMessage } from './SaveLine'

/** Ctrl+S and Save: an explicit save, then the link check when the applicant opted in (Settings) and is online. */
async function saveExplicitly(): Promise<void> {
  const id = useEditor.getState().draft?.id
  const saved = await useEditor.getState().saveNow({ explicit: true })
  if (saved && id) checkLinksAfterSave(id)
}
import './editor.css'

export function DraftEditor({ id }: { id: string }) {
  const loading = useEditor((s) => s.loading)
  const loadError = useEditor((s) => s.loadError)
  const loaded = useEditor((s) => s.draft !== null && s.draft.id === id)

  useEffect(() => {
    const editor = useEditor.getState()
    // The side tab the address names (a reload of `#/draft/<id>?tab=review`) is the first one shown.
    useEditorSide.getState().startFromRoute()
    void editor.open(id)
    return () => {
      // Suggestions typed but not sent yet are sent before the draft is left, never dropped.
      void useSuggesting
        .getState()
        .flush()
        .then(() => useSuggesting.getState().reset())
      editor.leave()
    }
  }, [id])

  // The team's review of the draft, read with it and followed as teammates comment.
  useReviewSession(id)

  // Closing the window with edits not on disk: their saves start, and the window asks first.
  useCloseGuard()

  if (loadError) return <LoadFailure id={id} error={loadError} />
  if (loading || !loaded) {
    return (
      <>
        <h1>Draft</h1>
        <Loading label="Opening the draft…" />
      </>
    )
  }
  return <EditorScreen id={id} />
}

function LoadFailure({ id, error }: { id: string; error: AppError }) {
  return (
    <>
      <h1>This draft could not be opened</h1>
      {error.code === 'not_found' ? (
        <div className="notice notice-error" role="alert">
          <p>The draft file is gone. {error.message}</p>
          <button type="button" onClick={() => go({ name: 'drafts' })}>
            Back to drafts
          </button>
        </div>
      ) : (
        <ErrorNotice error={error} onRetry={() => void useEditor.getState().open(id)} />
      )}
    </>
  )
}

function EditorScreen({ id }: { id: string }) {
  const draft = useEditor((s) => s.draft)!
  const conflict = useEditor((s) => s.conflict)
  const notice = useEditor((s) => s.notice)
  const canGoBack = useNavigation((s) => s.history.length > 0)
  const readOnly = draft.status === 'submitted'
  const { mode, author } = useEditMode()
  // Known from the draft as opened, before the pitch takes a keystroke (see useEditMode): never a waiting state.
  const suggesting = !readOnly && mode === 'suggesting'
  const [submitOpen, setSubmitOpen] = useState(false)
  const [preparing, setPreparing] = useState(false)
  const [submitBlocked, setSubmitBlocked] = useState<string | null>(null)
  // Empty required fields are marked "(required)" from the start, and flagged as errors only
  // once the applicant tries to submit: a fresh draft should not open covered in red.
  const [submitTried, setSubmitTried] = useState(false)

  const openSubmit = useCallback(async () => {
    if (preparing || submitOpen) return
    setSubmitTried(true)
    setSubmitBlocked(null)
    setPreparing(true)
    const saved = await useEditor.getState().saveNow()
    setPreparing(false)
    if (saved) {
      setSubmitOpen(true)
      return
    }
    const { conflict: inConflict, saveError, fileTrouble } = useEditor.getState()
    // A conflict opens its own dialog; after choosing, the applicant submits again.
    if (!inConflict) setSubmitBlocked(submitBlockedMessage(saveError, fileTrouble))
  }, [preparing, submitOpen])

  useEffect(
    () =>
      useEditor.subscribe((state) => {
        if (state.saveState === 'saved') setSubmitBlocked(null)
      }),
    [],
  )

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      // Ctrl+Shift+S is Sync (features/sync), on this screen as on every other: not a save.
      if (isSyncShortcut(event)) return
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault()
        event.stopPropagation()
        if (suggesting) void useSuggesting.getState().flush()
        else if (!readOnly) void saveExplicitly()
      } else if (event.key === 'Enter') {
        if (readOnly || !author || submitOpen || useEditor.getState().conflict) return
        // A shortcut belongs to the control that has focus: Ctrl+Enter in the comment composer
        // posts the comment, in a thread's Reply box sends the reply (each handles it).
        if (event.target instanceof Element && event.target.closest(OWN_CTRL_ENTER)) return
        event.preventDefault()
        event.stopPropagation()
        void openSubmit()
      }
    }
    // Capture: the editor's textarea handles Enter in lists and stops it from bubbling.
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [readOnly, suggesting, author, submitOpen, openSubmit])

  useCommentShortcut()
  const focusMode = useFocusMode()
  const sideCollapsed = useEditorLayout((s) => s.sideCollapsed)

  const onSubmitted = useCallback((out: ApplicationsSubmitOutput) => useEditor.getState().markSubmitted(out.draft), [])
  const closeSubmit = useCallback(() => setSubmitOpen(false), [])

  return (
    <div className={`draft-editor${focusMode ? ' focus-mode' : ''}${sideCollapsed ? ' side-collapsed' : ''}`}>
      {focusMode && <LeaveFocusMode />}
      <EditorHeader readOnly={readOnly} author={author} canGoBack={canGoBack} preparing={preparing} onSubmit={() => void openSubmit()} />
      {submitBlocked && (
        <div className="notice notice-error" role="alert">
          <p>{submitBlocked}</p>
        </div>
      )}
      {notice && (
        <div className="notice notice-info" role="status">
          <p>{notice}</p>
          <button type="button" onClick={() => useEditor.getState().dismissNotice()}>
            Dismiss
          </button>
        </div>
      )}
      {readOnly && <SubmittedNotice applicationId={draft.applicationId} />}
      {!readOnly && draft.notSent && <NotSentNotice notSent={draft.notSent} />}
      <ChecklistRunner />
      <EditorChecklistBar submitted={readOnly} />
      <div className="editor-columns">
        <section className="editor-pitch" aria-labelledby="pitch-heading">
          <div className="pitch-heading-row">
            <h2 id="pitch-heading">Pitch</h2>
            <CommentButton />
            {!readOnly && !suggesting && <FitTemplateButton />}
            <button type="button" className="focus-mode-enter" onClick={enterFocusMode}>
              Focus mode
            </button>
          </div>
          <p className="hint">
            {readOnly
              ? 'As submitted.'
              : suggesting
                ? 'Suggesting: what you type is sent to the authors as suggestions when you pause; the file is not changed. Ctrl+S (⌘S) sends at once.'
                : 'Markdown. Saved automatically as you type; Ctrl+S (⌘S) saves at once.'}
          </p>
          {suggesting && <SuggestingStatus />}
          <div className="pitch-with-margin">
            <div className="pitch-column">
              <PitchArea readOnly={readOnly} suggesting={suggesting} />
              <PitchCounts />
            </div>
            <ReviewMargin />
          </div>
        </section>
        <EditorSide readOnly={readOnly} flagRequired={submitTried} />
      </div>
      {conflict?.detail && <DraftConflictView conflict={conflict.detail} />}
      {conflict && !conflict.detail && <ConflictDialog onReloadTheirs={useEditor.getState().reloadTheirs} onKeepMine={useEditor.getState().keepMineAsCopy} />}
      {submitOpen && <SubmitDialog draftId={id} onClose={closeSubmit} onSubmitted={onSubmitted} />}
      <ReviewDialogs />
    </div>
  )
}

/**
 * Focus mode: the pitch alone on screen (the app's header and status line, the editor's header,
 * the checklist's bar, the margin and the side column hidden). Escape leaves it, unless a dialog
 * or a menu took the key first; leaving the screen leaves it too.
 */
function useFocusMode(): boolean {
  const focusMode = useEditorLayout((s) => s.focusMode)
  useEffect(() => {
    if (!focusMode) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (document.querySelector('[aria-modal="true"]')) return
      useEditorLayout.getState().setFocusMode(false)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [focusMode])
  useEffect(() => () => useEditorLayout.getState().setFocusMode(false), [])
  // The app's frame (header, status line, the main column's width) follows the editor through
  // classes on <html>; see editor.css for why not `:has()`.
  useEffect(() => {
    const root = document.documentElement
    root.classList.add('editor-wide')
    return () => root.classList.remove('editor-wide')
  }, [])
  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('editor-focus-mode', focusMode)
    return () => root.classList.remove('editor-focus-mode')
  }, [focusMode])
  // A save that failed or a file changed underneath needs the header's buttons and the dialog:
  // focus mode gives way rather than hide them.
  useEffect(
    () =>
      useEditor.subscribe((state) => {
        if (useEditorLayout.getState().focusMode && (state.saveState === 'failed' || state.conflict)) useEditorLayout.getState().setFocusMode(false)
      }),
    [],
  )
  return focusMode
}

function enterFocusMode(): void {
  flushSync(() => useEditorLayout.getState().setFocusMode(true))
  // The button is gone with everything else: the caret goes where the writing happens.
  document.getElementById(PITCH_EDITOR_ID)?.focus({ preventScroll: true })
}

/** The one control focus mode keeps besides the pitch: the way out, for the mouse. */
function LeaveFocusMode() {
  return (
    <button type="button" className="focus-mode-leave" onClick={() => useEditorLayout.getState().setFocusMode(false)} aria-keyshortcuts="Escape">
      Leave focus mode <kbd>Esc</kbd>
    </button>
  )
}

interface EditorHeaderProps {
  readOnly: boolean
  /** May submit (see useEditMode); others see why they cannot. */
  author: boolean
  canGoBack: boolean
  preparing: boolean
  onSubmit: () => void
}

function EditorHeader({ readOnly, author, canGoBack, preparing, onSubmit }: EditorHeaderProps) {
  const draft = useEditor((s) => s.draft)!
  const now = useNow()
  return (
    <header className="editor-header">
      <div>
        <h1>Draft: {draft.grant.title}</h1>
        <p className="editor-meta">
          Reward: {draft.grant.reward} · Deadline: <Deadline deadline={draft.grant.deadline} now={now} exact="after" />
        </p>
        <p className="editor-path">
          File: <code>{draft.path}</code>
        </p>
        <SaveLine />
      </div>
      <div className="editor-actions">
        {canGoBack && (
          <button type="button" onClick={() => useNavigation.getState().back()}>
            Back
          </button>
        )}
        <ExportButton />
        {/* A sent draft has no deadline left to be reminded of. */}
        {!readOnly && <CalendarButton target={{ draftId: draft.id }} />}
        {!readOnly && <EditModeSwitch />}
        {!readOnly && !author && <SubmitNotForYou />}
        {!readOnly && author && (
          <>
            <button type="button" onClick={() => void saveExplicitly()} aria-keyshortcuts="Control+S Meta+S">
              Save
            </button>
            <button type="button" className="primary" onClick={onSubmit} disabled={preparing} aria-keyshortcuts="Control+Enter Meta+Enter">
              Submit…
            </button>
          </>
        )}
      </div>
    </header>
  )
}

/** The pitch's words and characters, as of the last pause in typing. */
function PitchCounts() {
  const { pitch } = useTextAtPause()
  const text = useMemo(() => describeCounts(countText(pitch)), [pitch])
  return (
    <p className="pitch-counts" data-testid="pitch-counts">
      Pitch: {text}
    </p>
  )
}

function EditorChecklistBar({ submitted }: { submitted: boolean }) {
  const result = useEditorSide((s) => s.checklist)
  return <ChecklistBar result={result} onOpen={openChecklist} submitted={submitted} />
}

function SubmittedNotice({ applicationId }: { applicationId: string | null }) {
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const duplicate = async () => {
    setBusy(true)
    const failure = await useEditor.getState().duplicate()
    setBusy(false)
    setError(failure)
  }
  return (
    <div className="notice notice-ok" data-testid="submitted-notice">
      <p>{applicationId ? `Submitted as application ${applicationId} — status pending.` : 'Submitted — status pending.'} This draft is now read-only.</p>
      <button type="button" onClick={() => void duplicate()} disabled={busy}>
        Duplicate as new draft
      </button>
      {error && <ErrorNotice error={error} />}
    </div>
  )
}

/** The store's pitch when it is exactly what was just typed into the editor. */
const TYPED_HERE = Symbol('typed here')

/**
 * The pitch editor bound to the store. Every keystroke reaches the store at once (an autosave
 * or Ctrl+S sends the text on screen), but renders nothing: this re-renders only when the pitch
 * becomes something other than what was typed here (a reload, a restored version, an applied
 * suggestion), and every render hands the editor the store's latest pitch.
 */
function PitchArea({ readOnly, suggesting }: { readOnly: boolean; suggesting: boolean }) {
  const typed = useRef<string | null>(null)
  useEditor((s) => (s.pitch === typed.current ? TYPED_HERE : s.pitch))
  // Suggesting: the screen shows what the reviewer typed until it is sent, then the file's pitch again.
  useSuggesting((s) => s.resets)
  const onChange = useCallback(
    (next: string) => {
      typed.current = next
      if (suggesting) useSuggesting.getState().type(next)
      else useEditor.getState().setPitch(next)
    },
    [suggesting],
  )
  // Leaving the pitch counts as a pause: what was typed is sent at once.
  useEffect(() => {
    if (!suggesting) return
    const onFocusOut = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.id === PITCH_EDITOR_ID) void useSuggesting.getState().flush()
    }
    document.addEventListener('focusout', onFocusOut)
    return () => document.removeEventListener('focusout', onFocusOut)
  }, [suggesting])
  // Switched to Editing (by the switch, or by becoming an author) with suggestions not sent: they become the edit they now are.
  useEffect(() => {
    if (!suggesting && useSuggesting.getState().typed !== null) void useSuggesting.getState().flush()
  }, [suggesting])
  const marks = usePitchMarks()
  // What was typed and not yet sent (or made an edit) is what the screen shows, in either mode.
  const unsent = useSuggesting.getState().typed
  return (
    <PitchEditor
      value={unsent ?? useEditor.getState().pitch}
      onChange={onChange}
      readOnly={readOnly}
      onComment={startPitchComment}
      marks={readOnly ? null : marks}
      onOpenMark={openMark}
    />
  )
}
