/**
 * Team review of a draft: comments anchored to its text, replies, resolving, suggestions and
 * verdicts, each written as its own record beside the draft (review-files.ts), signed with the
 * reviewer name from Settings.
 *
 * Nothing here needs the network: a reviewer with no connection comments, resolves and
 * approves, and the shared folder (git, a sync tool) carries the records to the team.
 */
import type { IpcChannel } from '../../../shared/ipc'
import type { ChannelParsedInput } from '../handlers'
import type { ReviewRecord } from '../../../shared/review/records'
import { foldRecords, reviewBrief, type ReviewData } from '../../../shared/review/state'
import type { ReviewBrief } from '../../../shared/review/view'
import type { DraftFile } from '../../../shared/draft-file'
import { AppFailure } from '../errors'
import type { RecordCache } from './record-cache'
import { addRecord, legacyRecords, readRecordFolder, reviewedVersion, rewriteRecord } from './review-files'

/** What the review needs of a draft: where it lives and what it says now, as read from disk. */
export interface ReviewSubject {
  folder: string
  id: string
  version: string
  file: DraftFile
}

export interface ReviewServiceOptions {
  /** Reads the draft (it must exist and be readable: reviews of a damaged file wait until it is fixed). */
  open(id: string): Promise<ReviewSubject>
  /** The reviewer name from Settings, '' when not set. */
  reviewerName(): Promise<string>
  /** Records of the draft were written by this app (so the folder watcher does not report them as a teammate's). */
  written?(subject: ReviewSubject): Promise<void>
  /** Record files as last read (the drafts store's), so that a review is read again only where it changed. */
  records?: RecordCache
  now?: () => Date
}

/** Every record of a draft: its record files, and a version 1 file's own list (the files win on an id both have). */
export async function readReviewRecords(subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>, cache?: RecordCache): Promise<{ records: ReviewRecord[]; data: ReviewData }> {
  const stored = await readRecordFolder(subject.folder, subject.id, cache)
  const ids = new Set(stored.records.map((record) => record.id))
  const legacy = legacyRecords(subject.file.legacyReviews).filter((record) => !ids.has(record.id))
  const records = [...legacy, ...stored.records]
  const unreadable = [
    ...subject.file.unreadableReviews.map(({ index, reason }) => ({
      fileName: `${subject.id}.md (reviews, entry ${index + 1})`,
      reason: `${reason}. It stays in the draft file as it is; fix or remove it in a text editor.`,
    })),
    ...stored.unreadable,
  ]
  return { records, data: foldRecords(records, unreadable) }
}

/** A draft's review in one line, against the draft as saved. */
export async function readReviewBrief(subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>, cache?: RecordCache): Promise<ReviewBrief> {
  const { data } = await readReviewRecords(subject, cache)
  return reviewBrief(data, { pitch: subject.file.pitch, fields: subject.file.frontMatter.custom_fields })
}

/** A review channel's input without the draft id (the service takes it on its own). */
type Input<C extends IpcChannel> = Omit<ChannelParsedInput<C>, 'draftId'>

export class ReviewService {
  readonly #open: ReviewServiceOptions['open']
  readonly #reviewerName: ReviewServiceOptions['reviewerName']
  readonly #written: NonNullable<ReviewServiceOptions['written']>
  readonly #cache: RecordCache | undefined
  readonly #now: () => Date

  constructor(options: ReviewServiceOptions) {
    this.#open = options.open
    this.#reviewerName = options.reviewerName
    this.#written = options.written ?? (async () => {})
    this.#cache = options.records
    this.#now = options.now ?? (() => new Date())
  }

  async get(draftId: string): Promise<ReviewData> {
    return (await readReviewRecords(await this.#open(draftId), this.#cache)).data
  }

  async addThread(draftId: string, input: Input<'reviews.addThread'>): Promise<ReviewData> {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    const anchor = input.anchor
    if (anchor.target === 'field') {
      const schema = subject.file.frontMatter.grant.application_schema
      if (!schema?.some((field) => field.name === anchor.field)) {
        throw new AppFailure('invalid_input', `This application has no field "${anchor.field}" to comment on.`, { fields: { 'anchor.field': 'is not a field of this application' } })
      }
    }
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({
      id,
      kind: 'thread',
      author,
      created_at: createdAt,
      anchor,
      body: input.body,
      ...(input.suggestion !== undefined ? { suggestion: input.suggestion } : {}),
    }))
    await this.#written(subject)
    return this.#data(subject)
  }

  async reply(draftId: string, input: Input<'reviews.reply'>): Promise<ReviewData> {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    await this.#thread(subject, input.threadId)
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({ id, kind: 'reply', thread: input.threadId, author, created_at: createdAt, body: input.body }))
    await this.#written(subject)
    return this.#data(subject)
  }

  async setResolved(draftId: string, input: Input<'reviews.setResolved'>): Promise<ReviewData> {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    const { thread, data } = await this.#thread(subject, input.threadId)
    // Resolving a resolved thread again would only add noise to the record.
    if (thread.resolved === input.resolved) return data
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({
      id,
      kind: input.resolved ? 'resolve' : 'reopen',
      thread: input.threadId,
      author,
      created_at: createdAt,
    }))
    await this.#written(subject)
    return this.#data(subject)
  }

  async decideSuggestion(draftId: string, input: Input<'reviews.decideSuggestion'>): Promise<ReviewData> {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    const { thread, data } = await this.#thread(subject, input.threadId)
    if (!thread.suggestion) throw new AppFailure('invalid_input', 'This comment suggests no replacement text, so there is nothing to apply or decline.')
    if (thread.suggestion.decision !== null) {
      if (thread.suggestion.decision === input.decision) return data
      throw new AppFailure('invalid_input', `${thread.suggestion.decidedBy} already ${thread.suggestion.decision} this suggestion. Reply in the thread to discuss it again.`)
    }
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({ id, kind: 'suggestion', thread: input.threadId, decision: input.decision, author, created_at: createdAt }))
    await this.#written(subject)
    return this.#data(subject)
  }

  async editComment(draftId: string, input: Input<'reviews.editComment'>): Promise<ReviewData> {
    const { subject, record } = await this.#ownComment(draftId, input.commentId, 'edit')
    if (record.body === input.body) return this.#data(subject)
    await rewriteRecord(subject.folder, subject.id, { ...record, body: input.body, edited_at: this.#now().toISOString() })
    await this.#written(subject)
    return this.#data(subject)
  }

  async deleteComment(draftId: string, input: Input<'reviews.deleteComment'>): Promise<ReviewData> {
    const { subject, record } = await this.#ownComment(draftId, input.commentId, 'delete')
    if (record.deleted_at !== undefined) return this.#data(subject)
    // The record stays, without its text (or suggestion): replies keep their thread, and git shows who removed what.
    const tombstone: ReviewRecord = { ...record, body: '', deleted_at: this.#now().toISOString() }
    if (tombstone.kind === 'thread') delete tombstone.suggestion
    await rewriteRecord(subject.folder, subject.id, tombstone)
    await this.#written(subject)
    return this.#data(subject)
  }

  async setVerdict(draftId: string, input: Input<'reviews.setVerdict'>): Promise<ReviewData> {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    if (subject.version !== input.baseVersion) {
      throw new AppFailure(
        'conflict',
        'The draft changed on disk since you opened it, so your verdict was not recorded: look at the new version first, then approve or request changes again.',
        { currentVersion: subject.version },
      )
    }
    const { pitch } = subject.file
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({
      id,
      kind: 'verdict',
      author,
      created_at: createdAt,
      verdict: input.verdict,
      note: input.note,
      reviewed: reviewedVersion(pitch, subject.file.frontMatter.custom_fields),
    }))
    await this.#written(subject)
    return this.#data(subject)
  }

  /**
   * The review after a change: the draft read at the start of the action is still the one
   * reviewed (records never change the draft file), so only the records are read again.
   */
  async #data(subject: ReviewSubject): Promise<ReviewData> {
    return (await readReviewRecords(subject, this.#cache)).data
  }

  async #author(): Promise<string> {
    const name = (await this.#reviewerName()).trim()
    if (name === '') {
      throw new AppFailure('invalid_input', 'Set your reviewer name first: your teammates see it on your comments and verdicts.', {
        fields: { reviewerName: 'is needed to sign comments and verdicts' },
      })
    }
    return name
  }

  async #thread(subject: ReviewSubject, threadId: string) {
    const { data } = await readReviewRecords(subject, this.#cache)
    const thread = data.threads.find((candidate) => candidate.id === threadId && !candidate.missing)
    if (!thread) {
      throw new AppFailure('not_found', 'This comment is no longer in the draft’s review folder (a teammate may have removed it, or it has not synced yet). The list was refreshed.')
    }
    return { thread, data }
  }

  async #ownComment(draftId: string, commentId: string, action: 'edit' | 'delete') {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    const { records } = await readReviewRecords(subject, this.#cache)
    const record = records.find((candidate) => candidate.id === commentId)
    if (!record || (record.kind !== 'thread' && record.kind !== 'reply')) {
      throw new AppFailure('not_found', 'This comment is no longer in the draft’s review folder (a teammate may have removed it, or it has not synced yet).')
    }
    if (record.author !== author) {
      throw new AppFailure('invalid_input', `Only ${record.author} can ${action} this comment. Reply to it instead.`)
    }
    return { subject, record }
  }
}
