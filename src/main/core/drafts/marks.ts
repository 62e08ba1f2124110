/**
 * The front-matter marks: what the app notes in a draft file without the applicant typing it.
 * Submitted (with its application id), not sent (the service already had an application from
 * another draft), and the grant's deadline when the service moved it.
 *
 * Every mark is one skeleton (`applyMark`): read the draft fresh from disk under its lock,
 * answer at once when the mark is there already or does not apply, otherwise write the file back
 * with only the front matter changed. The pitch is always written back as read from disk now,
 * never as the caller last saw it: a mark must not undo an edit.
 */
import { Id } from '../../../shared/api'
import type { DraftFrontMatter } from '../../../shared/draft-file'
import type { Draft } from '../../../shared/ipc'
import { AppFailure } from '../errors'
import { fileNameOf, MAX_DRAFT_BYTES, type DraftSavedEvent, type Relevant } from '../folder'
import { draftView } from './view'

type Readable = Extract<Relevant, { kind: 'ok' }>

/** What a mark needs of the store. */
export interface MarkContext {
  /** Runs `fn` under the draft's lock with the draft as read from disk now (failing as `get` does). */
  withDraft<T>(id: string, fn: (folder: string, path: string, entry: Readable) => Promise<T>): Promise<T>
  /** The front matter this version writes for a file it read (see saving.ts). */
  upgraded(folder: string, id: string, entry: Readable): Promise<DraftFrontMatter>
  /** Writes the draft back with this front matter and pitch, and records what was written. */
  rewrite(folder: string, id: string, path: string, frontMatter: DraftFrontMatter, pitch: string, action: string, maxBytes: number): Promise<Draft>
  emit(event: DraftSavedEvent): void
  now(): Date
}

interface Mark<T> {
  /** How the write is named in an error: "Could not mark the draft as submitted in <path>". */
  action: string
  /** The answer without writing (the mark is there already, or does not apply); undefined to write it. */
  unchanged(entry: Readable, view: () => Draft): T | undefined
  /** The new front matter, from the one this version writes for the file; `at()` is now. */
  next(upgraded: DraftFrontMatter, at: () => string): DraftFrontMatter
  /** The answer after writing. */
  done(draft: Draft, entry: Readable, folder: string): T
}

async function applyMark<T>(context: MarkContext, id: string, mark: Mark<T>): Promise<T> {
  return context.withDraft(id, async (folder, path, entry) => {
    const answer = mark.unchanged(entry, () => draftView(folder, id, entry.version, entry.file))
    if (answer !== undefined) return answer
    const next = mark.next(await context.upgraded(folder, id, entry), () => context.now().toISOString())
    const draft = await context.rewrite(folder, id, path, next, entry.file.pitch, mark.action, MAX_DRAFT_BYTES)
    return mark.done(draft, entry, folder)
  })
}

/** The draft id is checked first, as by every by-id operation. */
function checkApplicationId(id: string, applicationId: string): void {
  fileNameOf(id)
  if (!Id.safeParse(applicationId).success) {
    throw new AppFailure('invalid_input', 'The application id is not a UUID.', { fields: { applicationId: 'must be a UUID' } })
  }
}

export async function markSubmitted(context: MarkContext, id: string, applicationId: string): Promise<Draft> {
  checkApplicationId(id, applicationId)
  return applyMark(context, id, {
    action: 'mark the draft as submitted in',
    unchanged: ({ file: { frontMatter: fm } }, view) => (fm.status === 'submitted' && fm.application_id === applicationId ? view() : undefined),
    next: ({ not_sent: _refusedBefore, ...upgraded }, at) => ({ ...upgraded, status: 'submitted', application_id: applicationId, updated_at: at() }),
    done: (draft, _entry, folder) => {
      context.emit({ kind: 'submitted', folder, draft })
      return draft
    },
  })
}

/**
 * Notes on a draft that its submit was refused because the service already had
 * `applicationId`, sent by the draft `fromDraft` (null when not known). The draft stays a
 * draft, editable and deletable.
 */
export async function markNotSent(context: MarkContext, id: string, applicationId: string, fromDraft: string | null): Promise<Draft> {
  checkApplicationId(id, applicationId)
  return applyMark(context, id, {
    action: 'mark the draft as not sent in',
    // A draft that was sent stays the sent one: a later refusal does not unmark it.
    unchanged: ({ file: { frontMatter: fm } }, view) => (fm.status === 'submitted' ? view() : undefined),
    next: (upgraded, now) => {
      const at = now()
      return { ...upgraded, not_sent: { application_id: applicationId, from_draft: fromDraft, at }, updated_at: at }
    },
    // The content did not change, so no version is kept (and it must never be labelled as sent).
    done: (draft) => draft,
  })
}

/**
 * The service moved the grant's deadline: the draft's copy of it (front matter `grant.deadline`)
 * follows; nothing else changes. A submitted draft is left as it was. Answers the deadline it
 * replaced, or null when nothing changed.
 */
export async function setGrantDeadline(context: MarkContext, id: string, deadline: string): Promise<string | null> {
  return applyMark<string | null>(context, id, {
    action: 'update the deadline in',
    unchanged: ({ file: { frontMatter: fm } }) => (fm.status === 'submitted' || Date.parse(fm.grant.deadline) === Date.parse(deadline) ? null : undefined),
    next: (upgraded) => ({ ...upgraded, grant: { ...upgraded.grant, deadline } }),
    done: (_draft, entry) => entry.file.frontMatter.grant.deadline,
  })
}
