/**
 * The checklist's verdict, its score (0–100, issue 33) and counts in one line that stays in view above the editor while the
 * applicant types, at every window size, with a button that opens the checklist itself. The
 * screen reader hears the verdict only when it turns (errors → warnings → ready), not each time
 * a count moves: it is re-worked at every pause in typing.
 */
import { memo, useState } from 'react'
import { severityCount, type LintResult } from '../../../../shared/checklist'
import { sectionsWritten } from './ChecklistPanel'
import './editor.css'

export interface ChecklistBarProps {
  result: LintResult | null
  /** Opens the Checklist tab and takes focus there. */
  onOpen: () => void
  /**
   * The draft was submitted: nothing can be fixed any more, so the bar says so quietly instead
   * of "Nothing blocks submitting, but 9 warnings…"; the checklist stays open for reference.
   */
  submitted?: boolean
}

const SUBMITTED_VERDICT = 'Submitted. The checklist shows the text as it was sent, for reference.'
const SCORE_TITLE =
  'Score out of 100: how close the pitch is to what approved pitches have (links to code, the team’s profiles and work, a finished project, milestones, checkable deliverables, a modest ask, no blank fields). grant-desk rules lists each part’s weight.'

export function verdictTone(result: LintResult | null): string {
  if (!result) return ''
  if (result.summary.errors > 0) return 'verdict-error'
  return result.summary.warnings > 0 ? 'verdict-warning' : 'verdict-ok'
}

export const ChecklistBar = memo(function ChecklistBar({ result, onOpen, submitted = false }: ChecklistBarProps) {
  const verdict = submitted ? SUBMITTED_VERDICT : result ? result.summary.verdict : 'Checking the pitch…'
  const tone = submitted ? '' : verdictTone(result)
  // The score beside the verdict ("Ready to submit · 72"): the same number grant-desk lint gives.
  const score = submitted ? undefined : result?.score?.score
  const [announced, setAnnounced] = useState({ tone, verdict })
  if (announced.tone !== tone) setAnnounced({ tone, verdict })
  const sections = result?.sections ?? []
  const counts =
    result && !submitted
      ? [
          result.summary.errors > 0 ? severityCount('error', result.summary.errors) : null,
          result.summary.warnings > 0 ? severityCount('warning', result.summary.warnings) : null,
          sections.length > 0 ? sectionsWritten(sections.filter((section) => section.written).length, sections.length) : null,
        ].filter((part): part is string => part !== null)
      : []
  return (
    <div className="checklist-bar" data-testid="checklist-bar">
      <span className={`checklist-bar-dot ${tone}`} aria-hidden="true" />
      <p className={`checklist-verdict ${tone}`} data-testid="checklist-verdict">
        {score === undefined ? (
          verdict
        ) : (
          <>
            {verdict.replace(/\.$/, '')}
            <span className="checklist-score" data-testid="checklist-score" title={SCORE_TITLE} aria-label={`, score ${score} of 100`}>
              {' · '}
              {score}
            </span>
          </>
        )}
      </p>
      {counts.length > 0 && (
        <p className="checklist-counts" data-testid="checklist-counts">
          {counts.join(' · ')}
        </p>
      )}
      <button type="button" className="checklist-bar-open" onClick={onOpen}>
        Open checklist
      </button>
      <p role="status" className="visually-hidden">
        {announced.verdict}
      </p>
    </div>
  )
})
