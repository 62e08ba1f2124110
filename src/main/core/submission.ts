/**
 * Submitting a draft. Safe to repeat: the client re-sends once when the connection drops
 * after sending, and a 409 (then or on any later attempt) means the service already has the
 * application. For the draft that sent it (the re-send's 409, or the record of this machine
 * says so) the draft is marked submitted with that id, which is a success, not an error; any
 * other draft of the grant (a copy) was not sent and is marked so, never as submitted.
 * Everything that can be known before sending is checked before sending (logged in, deadline,
 * required fields), so the applicant learns it without a round trip and nothing is half-sent.
 */
import { type ApplicationRequest, type GrantDetail, customFieldProblems, isBlank } from '../../shared/api'
import type { ApplicationRecord, ApplicationsPreviewOutput, ApplicationsSubmitOutput, ChecklistReport, Draft } from '../../shared/ipc'
import type { ApplicationsLog } from './applications'
import type { DraftStore } from './drafts'
import { type ReviewService, unreadableReview } from './reviews'
import { hasReview, isOpen, type ReviewData, reviewBrief } from '../../shared/review'
import { AppFailure, formatDay, isFailure } from './errors'
import { DUPLICATE_OF_OWN_SEND, type ServiceClient } from './service-client'
import type { Session } from './session'

export class SubmissionService {
  readonly #client: ServiceClient
  readonly #session: Session
  readonly #drafts: DraftStore
  readonly #reviews: Pick<ReviewService, 'get'>
  readonly #applications: ApplicationsLog
  readonly #now: () => Date

  constructor(options: {
    client: ServiceClient
    session: Session
    drafts: DraftStore
    reviews: Pick<ReviewService, 'get'>
    applications: ApplicationsLog
    now: () => Date
  }) {
    this.#client = options.client
    this.#session = options.session
    this.#drafts = options.drafts
    this.#reviews = options.reviews
    this.#applications = options.applications
    this.#now = options.now
  }

  async submit(draftId: string, options: { submitAnyway?: boolean | undefined } = {}): Promise<ApplicationsSubmitOutput> {
    const draft = await this.#drafts.get(draftId)
    if (draft.status === 'submitted' && draft.applicationId) return this.#alreadySubmitted(draft)

    if (!(await this.#session.status()).loggedIn) {
      throw new AppFailure('unauthorized', 'Log in to submit. Your draft is saved and stays ready to send.')
    }
    const grant = await this.#currentGrant(draft)
    const body = this.#requestBody(draft, grant)
    if (!options.submitAnyway) await this.#checkGuidance(draft, grant, await this.#review(draft))

    let application: ApplicationRecord
    let alreadyApplied = false
    try {
      const result = await this.#session.authorized((credential) =>
        this.#client.apply({ grantId: grant.id, applyEndpoint: grant._apply_endpoint, body, credential }),
      )
      application = {
        applicationId: result.application_id,
        grantId: result.grant_id,
        grantTitle: result.grant_title,
        status: result.status,
        message: result.message,
        submittedAt: this.#now().toISOString(),
        draftId: draft.id,
      }
    } catch (error) {
      if (isFailure(error, 'deadline_passed') && error.reason !== 'grant_closed') {
        throw new AppFailure('deadline_passed', deadlineMessage(grant.deadline, this.#now()), {}, { cause: error })
      }
      if (!isFailure(error, 'duplicate')) throw error
      const known = await this.#applications.find(grant.id)
      const existingId = error.extra.applicationId ?? known?.applicationId
      if (!existingId) throw error
      // The draft that was sent is "already applied"; any other draft (a copy) was not sent.
      const existing = (await this.#applications.list()).find((entry) => entry.applicationId === existingId) ?? null
      const sentByThisDraft = error.reason === DUPLICATE_OF_OWN_SEND || existing?.draftId === draft.id
      if (!sentByThisDraft) return this.#notSent(draft, grant, existingId, existing)
      alreadyApplied = true
      application = {
        applicationId: existingId,
        grantId: grant.id,
        grantTitle: grant.title,
        // The service shows only `pending`, the state every application is created in.
        status: known?.applicationId === existingId ? known.status : 'pending',
        message: `You had already applied to this grant: application ${existingId}.`,
        submittedAt: known?.applicationId === existingId ? known.submittedAt : this.#now().toISOString(),
        draftId: draft.id,
      }
    }

    // The record first: whatever happens to the draft file, the application id is not lost.
    const recorded = await this.#applications.record(application)
    let marked: Draft
    try {
      marked = await this.#drafts.markSubmitted(draft.id, recorded.applicationId)
    } catch (error) {
      const reason = error instanceof AppFailure ? ` ${error.message}` : ''
      throw new AppFailure(
        'storage_error',
        `Your application was ${alreadyApplied ? 'already with the service' : 'sent'} (id ${recorded.applicationId}) and is listed under Applications, but the draft file could not be marked submitted.${reason}`,
        { applicationId: recorded.applicationId },
        { cause: error },
      )
    }
    return { application: recorded, alreadyApplied, notSent: false, draft: marked }
  }

  /**
   * The service refused this draft (409) because it already has `applicationId` for the grant,
   * and that application is not this draft's: another draft sent it (`existing.draftId`), or
   * it came from elsewhere (no record here). This draft's content was not sent, so it is never
   * marked submitted; it is noted as not sent and stays editable (or can be deleted).
   */
  async #notSent(draft: Draft, grant: GrantDetail, applicationId: string, existing: ApplicationRecord | null): Promise<ApplicationsSubmitOutput> {
    const application =
      existing ??
      // Sent from another computer or before this record was kept: it is still the applicant's.
      (await this.#applications.record({
        applicationId,
        grantId: grant.id,
        grantTitle: grant.title,
        status: 'pending',
        message: `The grant service already had application ${applicationId} for this grant, sent from elsewhere; Grant Desk learned of it when another draft was refused.`,
        submittedAt: this.#now().toISOString(),
        draftId: null,
      }))
    let marked: Draft
    try {
      marked = await this.#drafts.markNotSent(draft.id, applicationId, application.draftId)
    } catch (error) {
      const reason = error instanceof AppFailure ? ` ${error.message}` : ''
      throw new AppFailure(
        'storage_error',
        `This draft was not sent: you had already applied to this grant (application ${applicationId}). Grant Desk could not note that in the draft file.${reason}`,
        { applicationId },
        { cause: error },
      )
    }
    return { application, alreadyApplied: true, notSent: true, draft: marked }
  }

  /** What `submit` would send and where, after the same checks; nothing is sent. */
  async preview(draftId: string): Promise<ApplicationsPreviewOutput> {
    const draft = await this.#drafts.get(draftId)
    const loggedIn = (await this.#session.status()).loggedIn
    const grant = await this.#currentGrant(draft)
    const body = this.#requestBody(draft, grant)
    const review = await this.#review(draft)
    return {
      method: 'POST',
      url: await this.#client.applyTarget(grant.id, grant._apply_endpoint),
      body,
      loggedIn,
      grant: {
        id: grant.id,
        title: grant.title,
        deadline: grant.deadline,
        fieldLabels: Object.fromEntries((grant.application_schema ?? []).map((field) => [field.name, field.label || field.name])),
      },
      checklist: await this.#checklist(draft, grant, review),
      review: reviewBrief(review, { pitch: draft.pitch, fields: draft.customFields }),
      openThreads: review.threads.filter(isOpen),
    }
  }

  /** The team's review, read from disk; a review that cannot be read never blocks sending. */
  async #review(draft: Draft): Promise<ReviewData> {
    try {
      return await this.#reviews.get(draft.id)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return unreadableReview(`${draft.id}.reviews`, reason)
    }
  }

  async #alreadySubmitted(draft: Draft): Promise<ApplicationsSubmitOutput> {
    const applicationId = draft.applicationId!
    const known = (await this.#applications.list()).find((entry) => entry.applicationId === applicationId)
    const application =
      known ??
      (await this.#applications.record({
        applicationId,
        grantId: draft.grant.id,
        grantTitle: draft.grant.title,
        status: 'pending',
        message: `This draft was submitted as application ${applicationId}.`,
        submittedAt: draft.updatedAt,
        draftId: draft.id,
      }))
    return { application, alreadyApplied: true, notSent: false, draft }
  }

  /**
   * The grant as the service has it now (its deadline, form and endpoint may have changed since
   * the draft was started). When it cannot be fetched the submission could not be sent either,
   * so that failure is the answer.
   */
  async #currentGrant(draft: Draft): Promise<GrantDetail> {
    let grant: GrantDetail
    try {
      grant = await this.#client.getGrant(draft.grant.id)
    } catch (error) {
      if (isFailure(error, 'not_found')) {
        throw new AppFailure(
          'not_found',
          `“${draft.grant.title}” is no longer on the grant service, so it cannot take applications. Your draft is kept.`,
          {},
          { cause: error },
        )
      }
      throw error
    }
    const now = this.#now()
    if (Date.parse(grant.deadline) <= now.getTime()) {
      throw new AppFailure('deadline_passed', deadlineMessage(grant.deadline, now))
    }
    if (grant.status === 'closed') {
      throw new AppFailure('deadline_passed', `“${grant.title}” was closed by its sponsor — it no longer accepts applications.`, {}, { reason: 'grant_closed' })
    }
    return grant
  }

  /**
   * The checklist, run on the pitch as it will be sent and against the grant as it is now. Its
   * errors stop the submission until the applicant has seen them and chosen to submit anyway;
   * warnings and notes never do.
   */
  async #checkGuidance(draft: Draft, grant: GrantDetail, review: ReviewData): Promise<void> {
    const checklist = await this.#checklist(draft, grant, review)
    if (checklist.errors === 0) return
    throw new AppFailure(
      'invalid_input',
      `${checklist.verdict} Fix ${checklist.errors === 1 ? 'it' : 'them'} first, or choose “Submit anyway” to send the draft as it is.`,
      { fields: { checklist: checklist.verdict }, checklist },
    )
  }

  /** The checklist's counts and its errors (warnings and notes are the editor panel's business). */
  async #checklist(draft: Draft, grant: GrantDetail, review: ReviewData): Promise<ChecklistReport> {
    // Loaded when a submission asks: the checklist's rules and Markdown parser are a large part of the
    // core's code, and the host parsed them before it could answer the grant list.
    const { draftLintInput, lint } = await import('../../shared/checklist')
    // Judged against the grant as it is now: its current schema, title, reward and deadline.
    const current = { ...draft, grant: { ...draft.grant, title: grant.title, reward: grant.reward, deadline: grant.deadline } }
    const { findings, summary } = lint(
      draftLintInput(current, { schema: grant.application_schema, now: this.#now().getTime(), ...(hasReview(review) ? { review } : {}) }),
    )
    const errors = findings.filter((finding) => finding.severity === 'error')
    return {
      errors: summary.errors,
      warnings: summary.warnings,
      infos: summary.infos,
      verdict: summary.verdict,
      findings: errors.map(({ ruleId, severity, message, hint, line, column, endLine, endColumn }) => ({
        ruleId,
        severity,
        message,
        hint,
        line,
        column,
        endLine,
        endColumn,
      })),
    }
  }

  #requestBody(draft: Draft, grant: GrantDetail): ApplicationRequest {
    const fields: Record<string, string> = {}
    if (isBlank(draft.pitch)) fields['pitch'] = 'Write your pitch before submitting: it is the application.'
    const schema = grant.application_schema
    if (schema === null) {
      if (Object.keys(fields).length > 0) throw invalid(fields)
      return { pitch: draft.pitch } // a free-form application sends the pitch alone
    }
    const values: Record<string, string> = {}
    for (const field of schema) {
      const value = draft.customFields[field.name]
      if (value !== undefined && !isBlank(value)) values[field.name] = value
      else if (field.required) fields[`custom_fields.${field.name}`] = `Fill in “${field.label || field.name}” — this grant requires it.`
    }
    for (const [key, problem] of Object.entries(customFieldProblems(schema, values))) {
      const name = key.replace(/^custom_fields\./, '')
      const label = schema.find((field) => field.name === name)?.label || name
      fields[key] ??= `“${label}” ${problem}.`
    }
    if (Object.keys(fields).length > 0) throw invalid(fields)
    return { pitch: draft.pitch, custom_fields: values }
  }
}

function invalid(fields: Record<string, string>): AppFailure {
  const count = Object.keys(fields).length
  return new AppFailure(
    'invalid_input',
    count === 1 ? `${Object.values(fields)[0]}` : `${count} things need fixing before this can be submitted: ${Object.values(fields).join(' ')}`,
    { fields },
  )
}

export function deadlineMessage(deadline: string, now: Date): string {
  const passed = Date.parse(deadline) <= now.getTime()
  return passed
    ? `The deadline for this grant passed on ${formatDay(deadline)} — it no longer accepts applications.`
    : `The service says the deadline for this grant has passed (its listing says ${formatDay(deadline)}) — it no longer accepts applications.`
}
