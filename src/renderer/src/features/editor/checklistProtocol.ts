/** Messages between useChecklist and checklist.worker.ts, and the one function both sides run. */
import { type Finding, type LintInput, type LintResult, type LintSession, createLintSession, summarize } from '../../../../shared/checklist'

export interface ChecklistRequest {
  /** Increases with every request; only the answer to the newest one is shown. */
  seq: number
  input: LintInput
}

/**
 * The result, or `unchanged` when it is the same as the last one sent (most keystrokes inside a
 * line change no finding): then the editor renders nothing for it.
 */
export type ChecklistReply = { seq: number; ms: number } & ({ unchanged: true } | ({ unchanged?: false } & LintResult))

/**
 * The checklist of each newest input, incrementally: one lint session per open draft (see
 * shared/checklist/session.ts), so a keystroke re-parses only the part of the pitch it changed.
 */
export function createChecklistRun(): (input: LintInput) => LintResult {
  let session: LintSession | null = null
  return (input) => {
    try {
      if (!session) {
        session = createLintSession(input)
        return session.result
      }
      return session.update(input)
    } catch (error) {
      // lint() already survives a failing rule; this is the parser itself failing. The next
      // input starts a fresh session: nothing of the failed one is trusted.
      session = null
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
}
