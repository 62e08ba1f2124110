/**
 * The contract's link check (issue 33): what asking each http(s) link of a pitch found. The CLI
 * (`lint --check-links`), the app's "Check links" and the browser host all hand this to the
 * checklist (LintInput.links), which reports dead links and leaves them out of the evidence.
 * Part of the one contract, re-exported by src/shared/ipc/contract.ts.
 */
import { z } from 'zod'

/**
 * - `ok`: the link answers (2xx, or another answer that shows the page is there: 401, 403…).
 * - `dead`: 404 or 410, no such host (DNS), or the connection refused: a warning at the link.
 * - `unsure`: a timeout, a 5xx, a 429, a dropped connection, too many redirects: a note.
 */
export const LinkState = z.enum(['ok', 'dead', 'unsure'])
export type LinkState = z.infer<typeof LinkState>

export const LinkOutcome = z.object({
  state: LinkState,
  /** The HTTP status of the last answer, when there was one. */
  status: z.number().int().min(100).max(999).optional(),
  /** What happened, in the applicant's terms, to follow "the link to … ": "answers 404", "refused the connection". */
  reason: z.string().max(200),
  /** Epoch ms of the check (a cached outcome keeps the time it was asked). */
  checkedAt: z.number(),
})
export type LinkOutcome = z.infer<typeof LinkOutcome>

export const LinkCheck = z.object({
  /**
   * No link could be asked: every one failed before any answer with a failure that means no
   * network (no DNS answer, no route). The checklist then says the links were not checked.
   */
  offline: z.boolean(),
  /** By link, exactly as written in the pitch or a field (see checklist/links/extract.ts). */
  results: z.record(z.string(), LinkOutcome),
})
export type LinkCheck = z.infer<typeof LinkCheck>
