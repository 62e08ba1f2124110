/**
 * The conflict view: a draft changed here and elsewhere in the same places. The places are
 * shown one under the other, each with both versions side by side, and for each the applicant
 * takes theirs, takes mine, or writes the passage anew; the application fields both sides
 * changed are chosen the same way. Finishing saves the result (or, for a git sync, completes
 * the merge with `sync.resolve`): the file never holds conflict markers.
 *
 * It is a modal (`alertdialog`): leaving both versions in limbo would stop autosave with no
 * end. "Keep mine as a copy" stays as the last resort for a save; a sync can be left for later.
 */
import { useId, useMemo, useRef, useState } from 'react'
import type { AppError, DraftConflict } from '../../../../shared/ipc'
import { plural } from '../../../../shared/text'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import { diffVersions } from '../../../../shared/history'
import { type Choice, conflictHunks, contextBefore, mergeWords, resolvedText, startResolution } from './resolution'
import './conflicts.css'

export interface ConflictViewProps {
  conflict: DraftConflict
  /** Saves (or resolves) the chosen text; answers the failure to show, or null when done. */
  onFinish: (text: { pitch: string; customFields: Record<string, string> }) => Promise<AppError | null>
  /** The last resort of a save: my text becomes a new draft. */
  onKeepMine?: () => Promise<AppError | null>
  /** Close without deciding (a sync's merge stays in progress). */
  onLater?: () => void
}

export function ConflictView({ conflict, onFinish, onKeepMine, onLater }: ConflictViewProps) {
  const [resolution, setResolution] = useState(() => startResolution(conflict))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const hunks = conflictHunks(conflict)
  const contexts = contextBefore(conflict)
  const them = conflict.theirAuthor ?? (conflict.source === 'sync' ? 'a teammate' : 'someone else')
  const places = hunks.length + conflict.fields.length

  const run = async (action: () => Promise<AppError | null>) => {
    setBusy(true)
    setError(null)
    const failure = await action()
    // On success the view closes; only a failure stays here.
    if (failure) {
      setError(failure)
      setBusy(false)
    }
  }

  return (
    <Dialog title={`Finish merging “${conflict.title}”`} role="alertdialog" wide testId="conflict-view" {...(onLater ? { onClose: onLater } : {})}>
      <p>
        You and {them} both changed {places === 1 ? 'one place' : plural(places, 'place')} of this draft
        {conflict.source === 'sync' ? ' (found by the last sync)' : ''}. Everything else merged by itself. For each place, take your version, theirs, or write
        it anew; then {conflict.source === 'sync' ? 'finish the merge' : 'save'}.
      </p>
      <ol className="conflict-places">
        {hunks.map((hunk, index) => (
          <li key={index}>
            <ConflictPlace
              legend={`Pitch, place ${index + 1} of ${hunks.length}`}
              after={contexts[index] ?? null}
              mine={hunk.ours}
              theirs={hunk.theirs}
              merged={mergeWords(hunk.base, hunk.ours, hunk.theirs)}
              multiline
              choice={resolution.hunks[index]!}
              onChoose={(choice) => setResolution((r) => ({ ...r, hunks: r.hunks.map((c, i) => (i === index ? choice : c)) }))}
            />
          </li>
        ))}
        {conflict.fields.map((field) => (
          <li key={field.name}>
            <ConflictPlace
              legend={`Field “${field.label}”`}
              after={null}
              mine={field.ours ?? ''}
              theirs={field.theirs ?? ''}
              merged={null}
              multiline={false}
              choice={resolution.fields[field.name]!}
              onChoose={(choice) => setResolution((r) => ({ ...r, fields: { ...r.fields, [field.name]: choice } }))}
            />
          </li>
        ))}
      </ol>
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        {onLater && (
          <button type="button" onClick={onLater} disabled={busy}>
            Not now
          </button>
        )}
        {onKeepMine && (
          <button type="button" onClick={() => void run(onKeepMine)} disabled={busy}>
            Keep mine as a copy
          </button>
        )}
        <button type="button" className="primary" onClick={() => void run(() => onFinish(resolvedText(conflict, resolution)))} disabled={busy} data-autofocus>
          {conflict.source === 'sync' ? 'Finish the merge' : 'Save the merged draft'}
        </button>
      </div>
    </Dialog>
  )
}

interface ConflictPlaceProps {
  legend: string
  /** The line of the pitch just before the place, to say where it is. */
  after: string | null
  mine: string
  theirs: string
  /** Both sides' changes merged word by word, when they touch different words; else null. */
  merged: string | null
  multiline: boolean
  choice: Choice
  onChoose: (choice: Choice) => void
}

/**
 * `text` with what is not in `other` marked (a word changed, a sentence added): what `other`
 * has instead is in its own column.
 */
function Highlighted({ text, other }: { text: string; other: string }) {
  const parts = useMemo(() => diffVersions(other, text), [other, text])
  if (text === '') return <em>(empty)</em>
  return parts.map((part, index) =>
    part.kind === 'removed' ? null : part.kind === 'added' ? (
      <mark key={index} className="conflict-differs">
        {part.text}
      </mark>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  )
}

/** One place: both versions side by side (their differences marked), both merged when they can be, and Take mine / Take theirs / Edit. */
function ConflictPlace({ legend, after, mine, theirs, merged, multiline, choice, onChoose }: ConflictPlaceProps) {
  const name = useId()
  const editId = useId()
  const current = choice.take === 'edit' || choice.take === 'both' ? choice.text : choice.take === 'mine' ? mine : theirs
  // Choosing Edit moves focus into the text box, so that typing goes there.
  const focusEdit = useRef(false)
  const focusOnMount = (element: HTMLTextAreaElement | HTMLInputElement | null) => {
    if (!element || !focusEdit.current) return
    focusEdit.current = false
    element.focus()
  }
  const choose = (take: Choice['take']) => {
    if (take === 'edit') {
      focusEdit.current = true
      onChoose({ take: 'edit', text: current })
    } else if (take === 'both') {
      if (merged !== null) onChoose({ take: 'both', text: merged })
    } else onChoose({ take })
  }
  const option = (take: Choice['take'], label: string) => (
    <label className="conflict-option">
      <input type="radio" name={name} checked={choice.take === take} onChange={() => choose(take)} />
      {label}
    </label>
  )
  return (
    <fieldset className="conflict-place">
      <legend>{legend}</legend>
      {after !== null && (
        <p className="conflict-after">
          After <q>{after.length > 80 ? `${after.slice(0, 79)}…` : after}</q>
        </p>
      )}
      <div className="conflict-sides">
        <figure className={`conflict-side${choice.take === 'mine' ? ' conflict-side-chosen' : ''}`}>
          <figcaption>Yours</figcaption>
          <div className="conflict-text" data-testid="conflict-mine">
            <Highlighted text={mine} other={theirs} />
          </div>
        </figure>
        <figure className={`conflict-side${choice.take === 'theirs' ? ' conflict-side-chosen' : ''}`}>
          <figcaption>Theirs</figcaption>
          <div className="conflict-text" data-testid="conflict-theirs">
            <Highlighted text={theirs} other={mine} />
          </div>
        </figure>
      </div>
      {merged !== null && (
        <figure className={`conflict-side conflict-merged${choice.take === 'both' ? ' conflict-side-chosen' : ''}`}>
          <figcaption>Both changes, merged (they touch different words)</figcaption>
          <div className="conflict-text" data-testid="conflict-merged">
            <Highlighted text={merged} other={mine} />
          </div>
        </figure>
      )}
      <p className="hint">Marked: what differs from the other version{merged !== null ? ' (in the merged text: what theirs brings)' : ''}.</p>
      <div className="conflict-options">
        {merged !== null && option('both', 'Take both')}
        {option('mine', 'Take mine')}
        {option('theirs', 'Take theirs')}
        {option('edit', 'Edit')}
      </div>
      {choice.take === 'edit' && (
        <div className="conflict-edit">
          <label htmlFor={editId}>Your text for this place</label>
          {multiline ? (
            <textarea
              ref={focusOnMount}
              id={editId}
              value={choice.text}
              rows={Math.min(12, Math.max(3, choice.text.split('\n').length + 1))}
              onChange={(event) => onChoose({ take: 'edit', text: event.target.value })}
            />
          ) : (
            <input ref={focusOnMount} id={editId} type="text" value={choice.text} onChange={(event) => onChoose({ take: 'edit', text: event.target.value })} />
          )}
        </div>
      )}
    </fieldset>
  )
}
