/**
 * A thread's suggested replacement: a word diff of the passage → the suggestion, and Apply /
 * Decline while it is undecided. Apply makes the edit in the text on screen as one undoable
 * change (see applySuggestion.ts), then records the decision; Decline only records it. A quote
 * that is no longer in the text cannot be applied, and says why.
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { applySuggestionText, OUTDATED_REASON } from '../../state/review/applySuggestion'
import { decisionText } from './describe'
import type { LocatedThread } from './locate'
import { useReview } from '../../state/review/review'
import { WordDiff, wordDiff } from './WordDiff'
import { Dialog } from '../../components/Dialog'
import { SideBySideDiff } from '../../components/SideBySideDiff'
import { useEditMode } from '../../state/review/suggesting'

export interface SuggestionViewProps {
  item: LocatedThread
  /** A submitted draft: its text can no longer change, so nothing can be applied. */
  readOnly: boolean
}

export function SuggestionView({ item, readOnly }: SuggestionViewProps) {
  const { thread } = item
  const suggestion = thread.suggestion!
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [wide, setWide] = useState(false)
  const quote = 'quote' in thread.anchor && thread.anchor.quote ? thread.anchor.quote.exact : ''
  // The passage as it reads now (a fuzzy match: some words changed since); else the quote.
  const current = item.match && item.match.status !== 'outdated' ? item.match.text : quote
  const decided = decisionText(suggestion)
  // A teammate in Suggesting mode does not change the file: applying is an author's decision.
  const suggesting = useEditMode().mode === 'suggesting'

  const apply = async () => {
    setError(null)
    setBusy(true)
    const review = useReview.getState()
    // The name is asked for before the edit, so declining to give it leaves the text alone.
    if (!(await review.ensureReviewerName())) {
      setBusy(false)
      return
    }
    const outcome = applySuggestionText(thread)
    if (!outcome.ok) {
      setBusy(false)
      setError({ code: 'invalid_input', message: outcome.reason })
      return
    }
    const failure = await review.decideSuggestion(thread.id, 'applied')
    setBusy(false)
    if (failure) setError({ ...failure, message: `The text was replaced, but that could not be recorded on the thread: ${failure.message}` })
  }

  const decline = async () => {
    setError(null)
    setBusy(true)
    const failure = await useReview.getState().decideSuggestion(thread.id, 'declined')
    setBusy(false)
    setError(failure)
  }

  return (
    <div className="suggestion">
      <p className="suggestion-title">Suggested change</p>
      <WordDiff before={current} after={suggestion.text} label="Suggested change" />
      {/* The side column holds a sentence's diff; a paragraph or a table reads better in two columns across the window. */}
      <button type="button" className="link suggestion-wide" onClick={() => setWide(true)}>
        Side by side <span className="visually-hidden">(opens wide)</span>
      </button>
      {wide && <WideSuggestion before={current} after={suggestion.text} onClose={() => setWide(false)} />}
      {item.match?.status === 'fuzzy' && !decided && (
        <p className="hint">The passage has changed since this was suggested; Apply replaces it as it reads now.</p>
      )}
      {decided ? (
        <p className={`suggestion-decision suggestion-${suggestion.decision}`}>{decided}</p>
      ) : suggesting ? (
        !readOnly && <p className="hint">An author of the draft applies or declines it.</p>
      ) : (
        !readOnly && (
          <div className="suggestion-actions">
            <button
              type="button"
              onClick={() => void apply()}
              disabled={busy || item.outdated}
              aria-describedby={item.outdated ? `apply-why-${thread.id}` : undefined}
            >
              Apply
            </button>
            <button type="button" onClick={() => void decline()} disabled={busy}>
              Decline
            </button>
            {item.outdated && (
              <p className="hint" id={`apply-why-${thread.id}`}>
                {OUTDATED_REASON}
              </p>
            )}
          </div>
        )
      )}
      {error && <ErrorNotice error={error} />}
    </div>
  )
}

/** The passage and its suggested replacement in two columns across the window. */
function WideSuggestion({ before, after, onClose }: { before: string; after: string; onClose: () => void }) {
  const parts = wordDiff(before, after)
  return (
    <Dialog title="Suggested change, side by side" onClose={onClose} size="full" testId="suggestion-wide">
      {parts ? (
        <SideBySideDiff parts={parts} labels={{ before: 'The passage now', after: 'As suggested' }} testId="suggestion-diff-side" />
      ) : (
        <p className="hint">Too many changes to show word by word.</p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
