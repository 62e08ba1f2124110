/**
 * Team review of a draft: comments anchored to its text, replies, resolving, suggestions and
 * verdicts, each written as its own record beside the draft (review-files.ts), signed with the
 * reviewer name from Settings.
 *
 * Nothing here needs the network: a reviewer with no connection comments, resolves and
 * approves, and the shared folder (git, a sync tool) carries the records to the team.
 */
import type { DraftAuthorship, IpcChannel } from '../../../shared/ipc'
import type { ChannelParsedInput } from '../handlers'
import {
  type ReviewRecord,
  type VerdictRecord,
  DEFAULT_POLICY_VIEW,
  foldRecords,
  type ReviewData,
  reviewBrief,
  summarize,
  identityKey,
  nameProblem,
  showHidden,
  SIGNATURE_NAMESPACE,
  verdictSigningPayload,
  type ReviewBrief,
} from '../../../shared/review'
import { AppFailure } from '../errors'
import { KeyedMutex } from '../locks'
import {
  addRecord,
  legacyRecords,
  loadPolicyFor,
  readRecordFolder,
  reviewedVersion,
  rewriteRecord,
  type LoadedPolicy,
  type RecordCache,
  type RecordSource,
  type ReviewSubject,
} from '../folder'
import { SigningError, signWithSshKey, type SignatureVerifier } from './signing/ssh-signatures'
import type { RecordHistory } from './record-history'
import { checkVerdicts } from './verdict-checks'

export type { ReviewSubject }

export interface ReviewServiceOptions {
  /** Reads the draft (it must exist and be readable: reviews of a damaged file wait until it is fixed). */
  open: (id: string) => Promise<ReviewSubject>
  /** The reviewer name from Settings, '' when not set. */
  reviewerName: () => Promise<string>
  /** The SSH key chosen in Settings to sign verdicts with (a path; never the key itself), null when none. */
  signingKey?: () => Promise<string | null>
  /** Whether this computer saved the draft (its local history has a save of it): such a person is an author. */
  savedHere?: (draftId: string) => Promise<boolean>
  /** Records of the draft were written by this app (so the folder watcher does not report them as a teammate's). */
  written?: (subject: ReviewSubject) => Promise<void>
  /** Record files as last read (the drafts store's), so that a review is read again only where it changed. */
  records?: RecordCache
  now?: () => Date
}

export interface ReadReviewOptions {
  /** The policy in force; by default the one found from the draft's folder (review-policy.ts). */
  policy?: LoadedPolicy
  now?: Date
  verifier?: SignatureVerifier
  /** Record files as last read (the drafts store's): only those that changed are read again; or as read ahead (the CLI's gate). */
  cache?: RecordSource
  /** Git's history of the records (record-history.ts): a committed record removed or rewritten makes the review unknown. */
  history?: RecordHistory
  /** Read the record files with blocking calls (review-files.ts): for a command-line run only, never the app's main process. */
  blocking?: boolean
  /** false: the record files are not hashed (review-files.ts's UNHASHED), for the CLI only, which compares no folder stamps. */
  hashed?: boolean
  /** The review folder's entries as the caller just listed them, a plain folder (the CLI's file discovery): not listed again (readRecordFolder). */
  listed?: readonly string[]
}

/**
 * Every record of a draft: its record files, and a version 1 file's own list (the files win on
 * an id both have), with each verdict checked (verdict-checks.ts) and the policy that applies;
 * with `history`, the committed records git shows were removed or rewritten count as unreadable.
 */
export async function readReviewRecords(
  subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>,
  options: ReadReviewOptions = {},
): Promise<{ records: ReviewRecord[]; data: ReviewData }> {
  const stored = await readRecordFolder(subject.folder, subject.id, options.cache, options.blocking, options.hashed, options.listed)
  const ids = new Set(stored.records.map((record) => record.id))
  const legacy = legacyRecords(subject.file.legacyReviews).filter((record) => !ids.has(record.id))
  const records = [...legacy, ...stored.records]
  const unreadable = [
    ...subject.file.unreadableReviews.map(({ index, reason }) => ({
      fileName: `${subject.id}.md (reviews, entry ${index + 1})`,
      reason: `${reason}. It stays in the draft file as it is; fix or remove it in a text editor.`,
    })),
    ...stored.unreadable,
    ...(options.history ? await options.history.problems(subject.folder, subject.id) : []),
  ]
  const policy = options.policy ?? (await loadPolicyFor(subject.folder))
  const verdicts = records.filter((record): record is VerdictRecord => record.kind === 'verdict')
  const checks = await checkVerdicts(verdicts, {
    draftId: subject.id,
    policy,
    now: options.now ?? new Date(),
    ...(options.verifier ? { verifier: options.verifier } : {}),
  })
  const data = foldRecords(records, unreadable, { policy: policy.view, checkVerdict: (record) => checks.get(record.id)! })
  return { records, data }
}

/** The review of a draft whose record folder could not be read at all: unknown, never approved. */
export function unreadableReview(fileName: string, reason: string): ReviewData {
  return foldRecords([], [{ fileName, reason }], {
    policy: DEFAULT_POLICY_VIEW,
    checkVerdict: () => ({ problem: 'was not read', signature: 'none', future: false }),
  })
}

/** A draft's review in one line, against the draft as saved. */
export async function readReviewBrief(subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>, options: ReadReviewOptions = {}): Promise<ReviewBrief> {
  const { data } = await readReviewRecords(subject, options)
  return reviewBrief(data, { pitch: subject.file.pitch, fields: subject.file.frontMatter.custom_fields })
}

/** Whether a save changed what a reviewer reads (the pitch or a field), which makes its saver an author. */
export function changedContent(
  before: { pitch: string; customFields: Record<string, string> },
  after: { pitch: string; customFields: Record<string, string> },
): boolean {
  if (before.pitch !== after.pitch) return true
  const names = new Set([...Object.keys(before.customFields), ...Object.keys(after.customFields)])
  for (const name of names) if ((before.customFields[name] ?? '') !== (after.customFields[name] ?? '')) return true
  return false
}

/** A review channel's input without the draft id (the service takes it on its own). */
type Input<C extends IpcChannel> = Omit<ChannelParsedInput<C>, 'draftId'>

export class ReviewService {
  readonly #open: ReviewServiceOptions['open']
  readonly #reviewerName: ReviewServiceOptions['reviewerName']
  readonly #written: NonNullable<ReviewServiceOptions['written']>
  readonly #signingKey: NonNullable<ReviewServiceOptions['signingKey']>
  readonly #savedHere: NonNullable<ReviewServiceOptions['savedHere']>
  /** How this service reads a review: through the store's cache of record files, when it has one. */
  readonly #reading: ReadReviewOptions
  readonly #now: () => Date
  /** Drafts (folder, id, person) whose author record is known to be on disk: saving again needs no look. */
  readonly #authorsWritten = new Set<string>()
  readonly #authorLocks = new KeyedMutex()

  constructor(options: ReviewServiceOptions) {
    this.#open = options.open
    this.#reviewerName = options.reviewerName
    this.#written = options.written ?? (async () => {})
    this.#signingKey = options.signingKey ?? (() => Promise.resolve(null))
    this.#savedHere = options.savedHere ?? (() => Promise.resolve(false))
    this.#reading = options.records ? { cache: options.records } : {}
    this.#now = options.now ?? (() => new Date())
  }

  async get(draftId: string): Promise<ReviewData> {
    return this.#data(await this.#open(draftId))
  }

  /**
   * Who wrote the draft, and the reviewer name at this desk: what the editor needs to open the
   * pitch in Suggesting or Editing before it takes a keystroke (drafts.get carries it). Only the
   * author records are looked at, through the record cache: no verdict checks, no policy file.
   * Null when the review folder cannot be read (the editor then edits, as it did before).
   */
  async authorship(subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>): Promise<DraftAuthorship | null> {
    let stored: Awaited<ReturnType<typeof readRecordFolder>>
    try {
      stored = await readRecordFolder(subject.folder, subject.id, this.#reading.cache)
    } catch {
      return null
    }
    const authors: string[] = []
    const seen = new Set<string>()
    for (const record of [...legacyRecords(subject.file.legacyReviews), ...stored.records]) {
      if (record.kind !== 'author' || seen.has(identityKey(record.author))) continue
      seen.add(identityKey(record.author))
      authors.push(record.author)
    }
    return { authors, reviewerName: (await this.#reviewerName()).trim() }
  }

  /**
   * Records the person in Settings as an author of the draft (once): called after they create
   * it or save a change to its pitch or fields. Without a reviewer name nothing can be recorded
   * (the draft's authors are then unknown to the policy, and the Review panel says so).
   */
  async recordAuthor(folder: string, draftId: string, role: 'created' | 'edited'): Promise<boolean> {
    const name = (await this.#reviewerName()).trim()
    if (name === '' || nameProblem(name) !== null) return false
    const key = `${folder}\0${draftId}\0${identityKey(name)}`
    // One at a time per person and draft: a save right after the create would otherwise read the
    // records before the "created" one landed and add a second, "edited", record for the same author.
    return this.#authorLocks.runExclusive(key, () => this.#recordAuthor(folder, draftId, role, name, key))
  }

  async #recordAuthor(folder: string, draftId: string, role: 'created' | 'edited', name: string, key: string): Promise<boolean> {
    if (this.#authorsWritten.has(key)) return false
    const subject = await this.#open(draftId)
    if (subject.folder !== folder) return false
    const { data } = await readReviewRecords(subject, this.#reading)
    if (data.authors.some((author) => identityKey(author.name) === identityKey(name))) {
      this.#authorsWritten.add(key)
      return false
    }
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({ id, kind: 'author', author: name, role, created_at: createdAt }))
    this.#authorsWritten.add(key)
    // Marked as ours, so the folder watcher does not rescan for it as for a teammate's change
    // (which re-reads the draft: costly for a large one, on every first save).
    await this.#written(subject)
    return true
  }

  async addThread(draftId: string, input: Input<'reviews.addThread'>): Promise<ReviewData> {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    const anchor = input.anchor
    if (anchor.target === 'field') {
      const schema = subject.file.frontMatter.grant.application_schema
      if (!schema?.some((field) => field.name === anchor.field)) {
        throw new AppFailure('invalid_input', `This application has no field "${anchor.field}" to comment on.`, {
          fields: { 'anchor.field': 'is not a field of this application' },
        })
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
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({
      id,
      kind: 'reply',
      thread: input.threadId,
      author,
      created_at: createdAt,
      body: input.body,
    }))
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
      throw new AppFailure(
        'invalid_input',
        `${thread.suggestion.decidedBy} already ${thread.suggestion.decision} this suggestion. Reply in the thread to discuss it again.`,
      )
    }
    await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({
      id,
      kind: 'suggestion',
      thread: input.threadId,
      decision: input.decision,
      author,
      created_at: createdAt,
    }))
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
    const { data } = await readReviewRecords(subject, this.#reading)
    // Someone who saved this draft on this computer wrote it, even when no author record says
    // so yet (they saved before setting a name): their verdict is recorded as a note.
    if (!data.authors.some((entry) => identityKey(entry.name) === identityKey(author)) && (await this.#savedHere(subject.id))) {
      await addRecord(subject.folder, subject.id, this.#now(), (id, createdAt) => ({ id, kind: 'author', author, role: 'edited', created_at: createdAt }))
    }
    // The chain: this verdict replaces every verdict of this person that nothing replaces yet
    // (usually one), so the order never depends on a date (see shared/review/gate.ts).
    const mine = summarize(data, { pitch, fields: subject.file.frontMatter.custom_fields }).outcomes.filter(
      (outcome) => identityKey(outcome.verdict.author) === identityKey(author) && outcome.status !== 'superseded',
    )
    const supersedes = mine.map((outcome) => outcome.verdict.id).sort()
    const signingKey = await this.#signingKey()
    const reviewed = reviewedVersion(pitch, subject.file.frontMatter.custom_fields)
    const now = this.#now()
    await addRecord(subject.folder, subject.id, now, async (id, createdAt) => {
      const record: VerdictRecord = { id, kind: 'verdict', author, created_at: createdAt, verdict: input.verdict, note: input.note, supersedes, reviewed }
      if (signingKey === null) return record
      try {
        return { ...record, signature: await signWithSshKey(signingKey, verdictSigningPayload(subject.id, record), SIGNATURE_NAMESPACE) }
      } catch (error) {
        const why = error instanceof SigningError ? error.message : String(error)
        // Nothing is written: an unsigned verdict where the team wants signed ones would only be noise.
        throw new AppFailure('invalid_input', `Your verdict was not recorded: ${why}.`, { fields: { signingKey: why } }, { cause: error })
      }
    })
    await this.#written(subject)
    return this.#data(subject)
  }

  /**
   * The review after a change: the draft read at the start of the action is still the one
   * reviewed (records never change the draft file), so only the records are read again.
   */
  async #data(subject: ReviewSubject): Promise<ReviewData> {
    return (await readReviewRecords(subject, this.#reading)).data
  }

  async #author(): Promise<string> {
    const name = (await this.#reviewerName()).trim()
    if (name === '') {
      throw new AppFailure('invalid_input', 'Set your reviewer name first: your teammates see it on your comments and verdicts.', {
        fields: { reviewerName: 'is needed to sign comments and verdicts' },
      })
    }
    const problem = nameProblem(name)
    if (problem !== null) {
      throw new AppFailure('invalid_input', `Your reviewer name “${showHidden(name)}” ${problem}. Change it in Settings.`, {
        fields: { reviewerName: problem },
      })
    }
    return name
  }

  async #thread(subject: ReviewSubject, threadId: string) {
    const { data } = await readReviewRecords(subject, this.#reading)
    const thread = data.threads.find((candidate) => candidate.id === threadId && !candidate.missing)
    if (!thread) {
      throw new AppFailure(
        'not_found',
        'This comment is no longer in the draft’s review folder (a teammate may have removed it, or it has not synced yet). The list was refreshed.',
      )
    }
    return { thread, data }
  }

  async #ownComment(draftId: string, commentId: string, action: 'edit' | 'delete') {
    const author = await this.#author()
    const subject = await this.#open(draftId)
    const { records } = await readReviewRecords(subject, this.#reading)
    const record = records.find((candidate) => candidate.id === commentId)
    if (!record || (record.kind !== 'thread' && record.kind !== 'reply')) {
      throw new AppFailure('not_found', 'This comment is no longer in the draft’s review folder (a teammate may have removed it, or it has not synced yet).')
    }
    if (identityKey(record.author) !== identityKey(author)) {
      throw new AppFailure('invalid_input', `Only ${record.author} can ${action} this comment. Reply to it instead.`)
    }
    return { subject, record }
  }
}
