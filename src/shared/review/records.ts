/**
 * Review records: what teammates write about a draft (comments, replies, resolutions,
 * suggestion decisions, verdicts), one small YAML file per record in a folder beside the draft
 * (`<draft-id>.reviews/<record-id>.yaml`).
 *
 * Why one file per record and not a list inside the draft: two teammates who each add a comment
 * on their own git branch insert at the same place of a shared list, and git's three-way merge
 * reports every such pair as a conflict (the same happens to a synced folder, which keeps a
 * "conflicted copy" and drops one side from the file). A new record is a new file, so any two
 * additions merge cleanly in git, on GitHub and in Dropbox or Syncthing, and no record is ever
 * written by two people: a comment is changed only by its author, and resolving, reopening or
 * deciding on a suggestion are records of their own.
 *
 * The file is meant to be read in a pull request: keys in a fixed order, plain YAML, the body
 * as a block. Unknown keys are kept (a newer app's records survive an older one).
 */
import { Document, LineCounter, Scalar, parseDocument, visit } from 'yaml'
import { z } from 'zod'
import { IsoTimestamp, formatIssuePath } from '../api'
import { count, readPlainYaml } from '../text'
import { MAX_COMMENT_CHARS, MAX_NOTE_CHARS, MAX_QUOTE_CHARS } from './limits'

import { LEGACY_ID_PATTERN, RECORD_FILE_PATTERN, RECORD_ID_PATTERN, RecordId } from './file-names'

// Defined apart from the YAML reading (file-names.ts), and part of the records' contract.
export { LEGACY_ID_PATTERN, RECORD_FILE_PATTERN, RECORD_ID_PATTERN, RecordId }

/** The record folder of a draft: beside it, named after its id. */
export function reviewFolderName(draftId: string): string {
  return `${draftId}.reviews`
}

export { MAX_COMMENT_CHARS, MAX_NOTE_CHARS, MAX_QUOTE_CHARS }

const Author = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' }).max(80, { error: 'must be at most 80 characters' })
// Worded when a body is too long, not when this module loads: a number's first format starts ICU
// (tens of milliseconds), which the review gate's reader thread then never needs (src/cli/read-ahead).
const Body = z.string({ error: 'must be text' }).max(MAX_COMMENT_CHARS, { error: () => `must be at most ${count(MAX_COMMENT_CHARS)} characters` })

/** A text quote (W3C Web Annotation TextQuoteSelector) and the line where it started. */
export const Quote = z.object({
  exact: z
    .string({ error: 'must be text' })
    .min(1, { error: 'must not be empty' })
    .max(MAX_QUOTE_CHARS, { error: `must be at most ${MAX_QUOTE_CHARS} characters` }),
  prefix: z.string({ error: 'must be text' }).max(200).default(''),
  suffix: z.string({ error: 'must be text' }).max(200).default(''),
  line: z.number({ error: 'must be a line number' }).int().positive(),
})
export type Quote = z.infer<typeof Quote>

/** What a thread is about: a passage of the pitch, one application field (or a passage of it), or the draft as a whole. */
export const Anchor = z.discriminatedUnion(
  'target',
  [
    z.object({ target: z.literal('pitch'), quote: Quote }),
    z.object({ target: z.literal('field'), field: z.string().min(1).max(200), quote: Quote.nullable().default(null) }),
    z.object({ target: z.literal('draft') }),
  ],
  { error: 'must be an anchor with target "pitch", "field" or "draft"' },
)
export type Anchor = z.infer<typeof Anchor>

/** The text a verdict was given on: the pitch and fields as saved, and a hash of both. */
export const ReviewedVersion = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be a sha256 hex digest' }),
  pitch: z.string(),
  fields: z.record(z.string(), z.string()).default({}),
})
export type ReviewedVersion = z.infer<typeof ReviewedVersion>

const Base = {
  id: RecordId,
  author: Author,
  created_at: IsoTimestamp,
}
const Editable = {
  edited_at: IsoTimestamp.optional(),
  /** A deleted comment keeps its place (replies still belong to it) but not its text. */
  deleted_at: IsoTimestamp.optional(),
}

export const ThreadRecord = z.looseObject({
  ...Base,
  kind: z.literal('thread'),
  anchor: Anchor,
  body: Body,
  /** Replacement text proposed for the quote. */
  suggestion: z
    .string()
    .max(MAX_QUOTE_CHARS * 2)
    .optional(),
  ...Editable,
})
export const ReplyRecord = z.looseObject({ ...Base, kind: z.literal('reply'), thread: RecordId, body: Body, ...Editable })
export const ResolveRecord = z.looseObject({ ...Base, kind: z.enum(['resolve', 'reopen']), thread: RecordId })
export const SuggestionDecisionRecord = z.looseObject({
  ...Base,
  kind: z.literal('suggestion'),
  thread: RecordId,
  decision: z.enum(['applied', 'declined'], { error: 'must be "applied" or "declined"' }),
})
/** An armored SSHSIG signature (`ssh-keygen -Y sign`): a few hundred bytes for any key type in use. */
export const MAX_SIGNATURE_CHARS = 8_192

export const VerdictRecord = z.looseObject({
  ...Base,
  kind: z.literal('verdict'),
  verdict: z.enum(['approve', 'request-changes'], { error: 'must be "approve" or "request-changes"' }),
  note: z.string().max(MAX_NOTE_CHARS).default(''),
  /**
   * The reviewer's verdicts this one replaces (their latest ones when it was given). Verdicts
   * are ordered by this chain, never by their dates (see review/gate.ts). Absent in verdicts
   * written before chains existed.
   */
  supersedes: z.array(RecordId).max(100, { error: 'must name at most 100 verdicts' }).optional(),
  reviewed: ReviewedVersion,
  /** SSHSIG over `verdictSigningPayload` (see signing.ts), when the reviewer signs. */
  signature: z.string({ error: 'must be an SSH signature' }).max(MAX_SIGNATURE_CHARS, { error: 'is too long to be an SSH signature' }).optional(),
})

/**
 * Who wrote the draft: one record per person who created it or saved a change to its pitch or
 * fields (by the reviewer name in Settings), written once, the first time. A record per author
 * rather than a list in the front matter: two teammates who start editing the same draft at the
 * same moment add two files, which git and sync tools merge, where two appends to one list
 * conflict.
 */
export const AuthorRecord = z.looseObject({
  ...Base,
  kind: z.literal('author'),
  /** `created`: started the draft; `edited`: saved a change to it later. */
  role: z.enum(['created', 'edited'], { error: 'must be "created" or "edited"' }),
})

export const ReviewRecord = z.discriminatedUnion('kind', [ThreadRecord, ReplyRecord, ResolveRecord, SuggestionDecisionRecord, VerdictRecord, AuthorRecord], {
  error: 'must have a kind: thread, reply, resolve, reopen, suggestion, verdict or author',
})
export type ReviewRecord = z.infer<typeof ReviewRecord>
export type ThreadRecord = z.infer<typeof ThreadRecord>
export type ReplyRecord = z.infer<typeof ReplyRecord>
export type VerdictRecord = z.infer<typeof VerdictRecord>
export type AuthorRecord = z.infer<typeof AuthorRecord>

/** A record file that could not be read: listed with its reason, never rewritten. */
export interface UnreadableRecord {
  fileName: string
  reason: string
}

export class RecordFileError extends Error {
  override name = 'RecordFileError'
}

/** How a record file's YAML is parsed (errors without the source repeated in them, no key twice in a map). */
export const RECORD_YAML_OPTIONS = { prettyErrors: false, uniqueKeys: true } as const

/** Parses one record file; the id must match the file name, so a copied file cannot pose as another record. */
export function parseRecordFile(fileName: string, text: string): ReviewRecord {
  // What the app writes is read off its lines; anything else is yaml's to read or refuse.
  const plain = readPlainYaml(text)
  if (plain !== undefined) return recordOfValue(fileName, plain)
  // yaml fills `linePos` only for pretty errors, whose message then repeats the source; the
  // line counter gives the line of a plain error.
  const lineCounter = new LineCounter()
  return recordOfDocument(fileName, parseDocument(text, { ...RECORD_YAML_OPTIONS, lineCounter }), lineCounter)
}

/** A record file's document, parsed with RECORD_YAML_OPTIONS and `lineCounter`, read as a record (see parseRecordFile). */
export function recordOfDocument(fileName: string, document: Document.Parsed, lineCounter: LineCounter): ReviewRecord {
  if (document.errors.length > 0) {
    const error = document.errors[0]!
    const line = lineCounter.linePos(error.pos[0]).line
    throw new RecordFileError(`not valid YAML (line ${line}): ${error.message.split('\n')[0]}`)
  }
  let value: unknown
  try {
    // Throws, rather than reporting, when aliases would expand too far (an alias bomb).
    value = document.toJS({ maxAliasCount: 100 })
  } catch (error) {
    throw new RecordFileError(`could not be read: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`)
  }
  return recordOfValue(fileName, value)
}

/** A record file's value (its YAML read as plain values) checked as a record: the shape, and the id against the file name. */
export function recordOfValue(fileName: string, value: unknown): ReviewRecord {
  const parsed = ReviewRecord.safeParse(value)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${formatIssuePath(issue.path) || 'record'}: ${issue.message}`)
    throw new RecordFileError(`not a review record: ${problems.join('; ')}`)
  }
  if (`${parsed.data.id}.yaml` !== fileName) throw new RecordFileError(`its id ${parsed.data.id} does not match its file name`)
  return parsed.data
}

/** The keys of each kind in the order they are written; unknown keys follow, sorted. */
const KEY_ORDER = [
  'id',
  'kind',
  'thread',
  'author',
  'role',
  'created_at',
  'edited_at',
  'deleted_at',
  'anchor',
  'verdict',
  'decision',
  'body',
  'suggestion',
  'note',
  'supersedes',
  'reviewed',
  'signature',
]
const ANCHOR_ORDER = ['target', 'field', 'quote']
const QUOTE_ORDER = ['line', 'prefix', 'exact', 'suffix']
const REVIEWED_ORDER = ['hash', 'fields', 'pitch']

function ordered(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of order) if (value[key] !== undefined) out[key] = value[key]
  for (const key of Object.keys(value).sort()) if (!(key in out) && value[key] !== undefined) out[key] = value[key]
  return out
}

/** One record as YAML, keys in a fixed order, so rewriting an unchanged record changes no byte. */
export function serializeRecord(record: ReviewRecord): string {
  const value: Record<string, unknown> = { ...record }
  if (record.kind === 'thread') {
    const anchor: Record<string, unknown> = { ...record.anchor }
    if ('quote' in record.anchor && record.anchor.quote) anchor['quote'] = ordered({ ...record.anchor.quote }, QUOTE_ORDER)
    value['anchor'] = ordered(anchor, ANCHOR_ORDER)
  }
  if (record.kind === 'verdict') {
    const fields = Object.fromEntries(Object.entries(record.reviewed.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    value['reviewed'] = ordered({ ...record.reviewed, fields }, REVIEWED_ORDER)
  }
  const document = new Document(ordered(value, KEY_ORDER))
  // yaml writes text made only of blanks and line breaks (" \n") as a block scalar without an
  // indentation indicator, which reads back as "\n": such text is written quoted instead.
  visit(document, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && node.value.includes('\n') && node.value.trim() === '') node.type = Scalar.QUOTE_DOUBLE
    },
  })
  return document.toString({ lineWidth: 0, blockQuote: 'literal' })
}

/** A new record id: the time (so file names sort by age) and 8 random hex digits from the caller. */
export function newRecordId(now: Date, randomHex: string): string {
  if (!/^[0-9a-f]{8}$/.test(randomHex)) throw new RangeError('randomHex must be 8 lowercase hex digits')
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomHex}`
}
