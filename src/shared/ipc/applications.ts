/** The contract's applications: what submitting sends and what came of it. Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { ApplicationRequest, Id, IsoTimestamp } from '../api'
import { ReviewBrief, ThreadView } from '../review'
import { Draft, DraftId } from './drafts'
import { ChecklistReport } from './errors'

export const ApplicationRecord = z.object({
  applicationId: Id,
  grantId: Id,
  grantTitle: z.string(),
  /** `pending` on creation; other states are not shown by the service. */
  status: z.string(),
  /** The service's confirmation, or ours for an application that already existed. */
  message: z.string(),
  submittedAt: IsoTimestamp,
  draftId: DraftId.nullable(),
})
export type ApplicationRecord = z.infer<typeof ApplicationRecord>

export const ApplicationsSubmitOutput = z.object({
  application: ApplicationRecord,
  /** The service already had an application from this user for this grant (409). */
  alreadyApplied: z.boolean(),
  /**
   * That application was sent by another draft (or from elsewhere), not by this one: this
   * draft's content was NOT sent, and it stays a draft (marked `notSent`). `application` is
   * the earlier application.
   */
  notSent: z.boolean(),
  /** The draft, now marked submitted (or, when `notSent`, marked not sent). */
  draft: Draft,
})
export type ApplicationsSubmitOutput = z.infer<typeof ApplicationsSubmitOutput>

/**
 * What submitting a draft would send, decided by the core exactly as `applications.submit`
 * decides it (same endpoint choice, same body, same checks), so the confirmation can show it
 * before anything leaves the computer.
 */
export const ApplicationsPreviewOutput = z.object({
  method: z.literal('POST'),
  url: z.string(),
  body: ApplicationRequest,
  loggedIn: z.boolean(),
  grant: z.object({
    id: Id,
    title: z.string(),
    deadline: IsoTimestamp,
    /** The form's labels by field name, to name fields the way the applicant knows them. */
    fieldLabels: z.record(z.string(), z.string()).optional(),
  }),
  /** The checklist on the draft as it would be sent; its errors need "submit anyway". */
  checklist: ChecklistReport,
  /** The team's review of the draft as it would be sent: approval state and the threads still open. */
  review: ReviewBrief,
  openThreads: z.array(ThreadView),
})
export type ApplicationsPreviewOutput = z.infer<typeof ApplicationsPreviewOutput>
