/** Messages between useChecklist and checklist.worker.ts, and the one function both sides run. */
import { type Finding, type LintInput, type LintResult, lint, summarize } from '../../../../shared/checklist'

export interface ChecklistRequest {
  /** Increases with every request; only the answer to the newest one is shown. */
  seq: number
  input: LintInput
}

export interface ChecklistReply extends LintResult {
  seq: number
}

export function runChecklist(input: LintInput): LintResult {
  try {
    return lint(input)
  } catch (error) {
    // lint() already survives a failing rule; this is the parser itself failing.
    const findings: Finding[] = [
      {
        ruleId: 'checklist',
        severity: 'info',
        message: `The checklist could not read this pitch: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'Report this to the Grant Desk developers; saving and submitting still work.',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
      },
    ]
    return { findings, summary: summarize(findings) }
  }
}
