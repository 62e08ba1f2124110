/**
 * The checklist's verdict and findings, grouped by severity. Each finding is a button that
 * takes the applicant to the lines it is about.
 */
import { memo, useState } from 'react'
import type { Finding, LintResult, Severity } from '../../../../shared/checklist'
import './editor.css'

export interface ChecklistPanelProps {
  result: LintResult | null
  onSelectLine(line: number, endLine: number): void
}

const GROUPS: { severity: Severity; title: string }[] = [
  { severity: 'error', title: 'Errors' },
  { severity: 'warning', title: 'Warnings' },
  { severity: 'info', title: 'Notes' },
]

export const ChecklistPanel = memo(function ChecklistPanel({ result, onSelectLine }: ChecklistPanelProps) {
  const verdict = result ? result.summary.verdict : 'Checking the pitch…'
  const tone = verdictClass(result)
  // The verdict is re-worked at every pause in typing; a screen reader hears it only when it
  // turns (errors → warnings → ready), not each time a count moves.
  const [announced, setAnnounced] = useState({ tone, verdict })
  if (announced.tone !== tone) setAnnounced({ tone, verdict })
  return (
    <section className="checklist-panel" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Checklist</h2>
      <p className={`checklist-verdict ${tone}`}>{verdict}</p>
      <p role="status" className="visually-hidden">
        {announced.verdict}
      </p>
      {result &&
        GROUPS.map(({ severity, title }) => {
          const findings = result.findings.filter((finding) => finding.severity === severity)
          if (findings.length === 0) return null
          return (
            <div key={severity} className={`checklist-group checklist-${severity}`}>
              <h3>
                {title} ({findings.length})
              </h3>
              <ul>
                {findings.map((finding, index) => (
                  <li key={`${finding.ruleId}:${finding.line}:${finding.column}:${index}`}>
                    <FindingButton finding={finding} onSelectLine={onSelectLine} />
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
    </section>
  )
})

function FindingButton({ finding, onSelectLine }: { finding: Finding; onSelectLine: ChecklistPanelProps['onSelectLine'] }) {
  return (
    <button type="button" className="finding" onClick={() => onSelectLine(finding.line, finding.endLine)}>
      <span className="finding-message">{finding.message}</span> <span className="finding-line">line {finding.line}</span>
      <span className="finding-hint">{finding.hint}</span>
    </button>
  )
}

function verdictClass(result: LintResult | null): string {
  if (!result) return ''
  if (result.summary.errors > 0) return 'verdict-error'
  return result.summary.warnings > 0 ? 'verdict-warning' : 'verdict-ok'
}
