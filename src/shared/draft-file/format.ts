/**
 * The draft file: one Markdown file per draft, YAML front matter for everything that is not
 * the pitch. Teams keep these in a shared folder (often a git repository), lint them with the
 * CLI, and the app reads and writes them. Unknown front-matter keys are kept, so a newer app's
 * file survives a round trip through an older one.
 */
import { LineCounter, isMap, isPair, isScalar, isSeq, stringify, type Document } from 'yaml'
import { z } from 'zod'
import { ApplicationSchema, GrantType, Id, IsoTimestamp, formatIssuePath } from '../api'
import { boundedSyntax, composeDocument, readPlainYaml } from '../text'

/**
 * Version 2 keeps review records out of the draft, in a folder beside it (see
 * review/records.ts). Version 1 files are read as they are; their `reviews:` entries are read as
 * comments on the whole draft, and the next save writes version 2 with those comments moved to
 * record files (entries that cannot be read stay in the file, untouched).
 */
export const DRAFT_FORMAT = 'grant-desk-draft/2'
export const LEGACY_DRAFT_FORMAT = 'grant-desk-draft/1'

/** Declared kind of project, for the budget range check of the checklist. */
export const ProjectKind = z.enum(['small-tooling', 'sdk', 'application', 'research'], {
  error: 'must be one of small-tooling, sdk, application, research',
})
export type ProjectKind = z.infer<typeof ProjectKind>

export const DraftReview = z.looseObject({
  author: z.string(),
  created_at: IsoTimestamp,
  body: z.string(),
})
export type DraftReview = z.infer<typeof DraftReview>

export const DraftFrontMatter = z.looseObject({
  format: z.enum([DRAFT_FORMAT, LEGACY_DRAFT_FORMAT], { error: `must be "${DRAFT_FORMAT}" (or "${LEGACY_DRAFT_FORMAT}", which is read and upgraded)` }),
  grant: z.looseObject({
    id: Id,
    title: z.string(),
    reward: z.string(),
    deadline: IsoTimestamp,
    apply_endpoint: z.string(),
    /** A snapshot taken when the draft was created: the form the draft is written against. */
    application_schema: ApplicationSchema,
    /**
     * Grant or bounty, when known (the spec's detail does not say; the list's type filter does).
     * A bounty pitch is checked only by the rules that apply to bounties.
     */
    type: GrantType.optional(),
  }),
  custom_fields: z.record(z.string(), z.string({ error: 'must be text' })).default({}),
  status: z.enum(['draft', 'submitted'], { error: 'must be "draft" or "submitted"' }).default('draft'),
  application_id: Id.nullable().default(null),
  /**
   * The last submit of this draft was refused (409) because the service already had an
   * application to this grant that this draft did not send: its id, the draft that sent it
   * when this computer knows, and when. The draft stays a draft. A note that cannot be read is
   * dropped rather than making the whole draft unreadable: it only informs.
   */
  not_sent: z
    .object({ application_id: Id, from_draft: z.string().max(100).nullable(), at: IsoTimestamp })
    .optional()
    .catch(undefined),
  project_kind: ProjectKind.optional(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  /** Version 1 only: reviews in the file. Each entry is checked on its own (see `legacyReviews`). */
  reviews: z.array(z.unknown(), { error: 'must be a list' }).optional(),
})
export type DraftFrontMatter = z.infer<typeof DraftFrontMatter>

export interface DraftFile {
  frontMatter: DraftFrontMatter
  /** The pitch, exactly as written after the front matter. */
  pitch: string
  /** 1-based line of the file where the pitch starts (for positions of findings). */
  pitchLine: number
  /** Readable entries of a version 1 `reviews:` list. */
  legacyReviews: DraftReview[]
  /** Entries of that list that are not reviews: shown as unreadable, and kept in the file as they are. */
  unreadableReviews: { index: number; reason: string }[]
}

export class DraftFileError extends Error {
  override name = 'DraftFileError'
}

const OPENING = /^---[ \t]*\r?\n/
const CLOSING = /^---[ \t]*$/m

/** A YAML error's message, without the source excerpt a parser may append. */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!
}

/** JavaScript's "Maximum call stack size exceeded": what a parser meets in a deeply nested document. */
function isTooDeep(error: unknown): boolean {
  return error instanceof RangeError || /call stack/i.test(firstLine(error))
}

const TOO_DEEP = 'the front matter is nested too deeply to be read (lists or maps inside each other thousands of times)'

const NO_KEY = Symbol('no key')

/**
 * The first key that a map of the front matter holds twice, and where. yaml's own check
 * (`uniqueKeys`) compares every key with every key before it, so a front matter of a hundred
 * thousand keys took minutes to read and held up the whole listing; this one is linear. Keys
 * are equal as yaml's check has them: two scalars with the same value, or two missing keys.
 * Maps are looked at in the order yaml's `visit` takes them (each map's keys, then what its
 * keys and values hold, in order), walked directly: `visit`'s general visitor took three to
 * five times as long over a draft's front matter, read for every draft of a review gate (issue 34).
 */
function duplicateKey(node: unknown): { key: string; offset: number } | null {
  if (isMap(node)) {
    const seen = new Set<unknown>()
    for (const pair of node.items) {
      const key: unknown = pair.key === null || pair.key === undefined ? NO_KEY : isScalar(pair.key) ? pair.key.value : pair.key
      if (seen.has(key)) {
        const scalar = isScalar(pair.key) ? pair.key : null
        // A duplicate key is a scalar: its value is a string, number or boolean.
        // eslint-disable-next-line @typescript-eslint/no-base-to-string
        return { key: scalar && scalar.value !== null ? String(scalar.value) : '', offset: scalar?.range?.[0] ?? node.range?.[0] ?? 0 }
      }
      seen.add(key)
    }
    for (const pair of node.items) {
      const found = duplicateKey(pair.key) ?? duplicateKey(pair.value)
      if (found) return found
    }
  } else if (isSeq(node)) {
    for (const item of node.items) {
      const found = duplicateKey(item)
      if (found) return found
    }
  } else if (isPair(node)) return duplicateKey(node.key) ?? duplicateKey(node.value)
  return null
}

/**
 * The YAML as plain values, read within the app's bounds (size, nesting, aliases). yaml throws (rather than reporting an error) when a document's
 * aliases would expand past its limit — an "alias bomb" of a few lines that would otherwise
 * take the memory — so that too is a damaged file, never a crash of the listing.
 */
export function frontMatterValue(yamlText: string): unknown {
  // What the app writes is read off its lines; anything else is yaml's to read or refuse, as below.
  const plain = readPlainYaml(yamlText)
  if (plain !== undefined) return plain
  const lineCounter = new LineCounter()
  // The line of the file: the front matter starts on line 2, after the opening "---".
  const lineOf = (offset: number) => lineCounter.linePos(offset).line + 1
  let document: Document.Parsed
  try {
    // Counted as it is lexed, before the parser goes deep: the parser's memory and time grow with
    // the nesting and the items. Lexed once (a gate reads hundreds of drafts), composed as
    // parseDocument composes it.
    const syntax = boundedSyntax(yamlText, lineCounter.addNewLine)
    if (syntax.problem !== null) throw new DraftFileError(`the front matter was not read, because ${syntax.problem}`)
    document = composeDocument(syntax.tokens, yamlText.length, { prettyErrors: false, uniqueKeys: false })
  } catch (error) {
    if (error instanceof DraftFileError) throw error
    if (isTooDeep(error)) throw new DraftFileError(TOO_DEEP)
    throw new DraftFileError(`the front matter could not be read: ${firstLine(error)}`)
  }
  if (document.errors.length > 0) {
    const error = document.errors[0]!
    if (isTooDeep(error)) throw new DraftFileError(TOO_DEEP)
    throw new DraftFileError(`the front matter is not valid YAML (line ${lineOf(error.pos[0])}): ${firstLine(error)}`)
  }
  try {
    const duplicate = duplicateKey(document.contents)
    if (duplicate) {
      throw new DraftFileError(
        `the front matter is not valid YAML (line ${lineOf(duplicate.offset)}): Map keys must be unique${duplicate.key ? ` ("${duplicate.key.slice(0, 60)}" appears twice)` : ''}`,
      )
    }
    return document.toJS({ maxAliasCount: 100 })
  } catch (error) {
    if (error instanceof DraftFileError) throw error
    if (isTooDeep(error)) throw new DraftFileError(TOO_DEEP)
    if (/alias/i.test(firstLine(error))) {
      throw new DraftFileError('the front matter uses YAML aliases (*name) that would expand too far, which Grant Desk refuses to read')
    }
    throw new DraftFileError(`the front matter could not be read: ${firstLine(error)}`)
  }
}

/** Parses a draft file; a DraftFileError says what is wrong and where. */
export function parseDraftFile(text: string): DraftFile {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const opening = OPENING.exec(source)
  if (!opening) throw new DraftFileError('no front matter: the file must start with a line "---"')
  const rest = source.slice(opening[0].length)
  const closing = CLOSING.exec(rest)
  if (!closing) throw new DraftFileError('the front matter is not closed by a line "---"')
  const yamlText = rest.slice(0, closing.index)
  let afterClosing = rest.slice(closing.index + closing[0].length)
  if (afterClosing.startsWith('\r\n')) afterClosing = afterClosing.slice(2)
  else if (afterClosing.startsWith('\n')) afterClosing = afterClosing.slice(1)

  const parsed = DraftFrontMatter.safeParse(frontMatterValue(yamlText))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${formatIssuePath(issue.path) || 'front matter'}: ${issue.message}`)
    throw new DraftFileError(`the front matter does not describe a draft: ${problems.join('; ')}`)
  }
  const headerLines = (opening[0] + yamlText + closing[0]).split('\n').length
  const legacyReviews: DraftReview[] = []
  const unreadableReviews: DraftFile['unreadableReviews'] = []
  for (const [index, entry] of (parsed.data.reviews ?? []).entries()) {
    const review = DraftReview.safeParse(entry)
    if (review.success) legacyReviews.push(review.data)
    else unreadableReviews.push({ index, reason: review.error.issues.map((issue) => `${formatIssuePath(issue.path) || 'entry'}: ${issue.message}`).join('; ') })
  }
  return { frontMatter: parsed.data, pitch: afterClosing, pitchLine: headerLines + 1, legacyReviews, unreadableReviews }
}

/**
 * The front matter as this version writes it: format 2, and of a version 1 `reviews:` list only
 * the entries that could not be read (the readable ones live in record files by then).
 */
export function upgradedFrontMatter(file: Pick<DraftFile, 'frontMatter' | 'unreadableReviews'>): DraftFrontMatter {
  const { reviews, ...rest } = file.frontMatter
  const kept = file.unreadableReviews.map(({ index }) => reviews?.[index])
  return { ...rest, format: DRAFT_FORMAT, ...(kept.length > 0 ? { reviews: kept } : {}) }
}

export function serializeDraftFile(frontMatter: DraftFrontMatter, pitch: string): string {
  const yaml = stringify(frontMatter, { lineWidth: 0 })
  return `---\n${yaml}---\n${pitch}`
}

/**
 * A file's front matter: the YAML between a first line `---` and the next line `---` (or `...`,
 * as Jekyll and Pandoc allow), the text after it and the file's line where that text starts.
 * `unclosed` when the first line is `---` but nothing closes it (then it is a rule, not a front
 * matter); null when the file opens with no `---`.
 */
export function splitFrontMatter(text: string): { yamlText: string; body: string; bodyLine: number } | 'unclosed' | null {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const opening = OPENING.exec(source)
  if (!opening) return null
  const rest = source.slice(opening[0].length)
  const closing = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m.exec(rest)
  if (!closing) return 'unclosed'
  const header = opening[0] + rest.slice(0, closing.index) + closing[0]
  return {
    yamlText: rest.slice(0, closing.index),
    body: rest.slice(closing.index + closing[0].length),
    bodyLine: header.split('\n').length - (header.endsWith('\n') ? 1 : 0) + 1,
  }
}

/** The top-level keys of a YAML mapping, by a line scan (no parse): what a front matter names, bounded by its lines. */
export function topLevelKeys(yamlText: string): string[] {
  const keys: string[] = []
  for (const m of yamlText.matchAll(/^(["']?)([A-Za-z_][\w.-]{0,80})\1[ \t]*:(?:[ \t]|$)/gm)) keys.push(m[2]!)
  return keys
}

/**
 * Keys only a Grant Desk draft has: a front matter with one of them but no `format:` line is a
 * hand-written draft or one from an older version, and is read as a draft as far as its keys
 * are valid (see readLooseDraft). `status` or `title` alone are too common to tell.
 */
export const DRAFT_KEYS = ['grant', 'custom_fields', 'project_kind', 'application_id', 'not_sent'] as const

/** The grant keys the checklist uses, each checked with the draft's schema on its own. */
const LooseGrant = z
  .object({
    title: z.string(),
    reward: z.string(),
    deadline: IsoTimestamp,
    type: GrantType,
    application_schema: ApplicationSchema,
    template_md: z.string(),
  })
  .partial()

export interface LooseDraft {
  grant: z.infer<typeof LooseGrant>
  custom_fields?: Record<string, string> | undefined
  status?: 'draft' | 'submitted' | undefined
  project_kind?: ProjectKind | undefined
  /** Grant Desk keys that could not be read, with why, as a draft's front matter reports them ("grant.deadline: invalid ISO date"). */
  problems: Array<{ key: string; message: string }>
  /** Top-level keys that are not Grant Desk's. */
  unknownKeys: string[]
}

const OWN_KEYS = new Set(Object.keys(DraftFrontMatter.shape))

/**
 * A front matter without `format:` read as a draft, key by key: each of Grant Desk's keys that
 * is valid is used (the grant's title, reward, deadline, type and form; the field values; the
 * status; the project kind), each that is not is reported, and the rest are listed as unknown.
 */
export function readLooseDraft(value: Record<string, unknown>): LooseDraft {
  const problems: LooseDraft['problems'] = []
  const report = (prefix: string, error: z.ZodError) => {
    for (const issue of error.issues) problems.push({ key: [prefix, formatIssuePath(issue.path)].filter(Boolean).join('.'), message: issue.message })
  }
  const draft: LooseDraft = { grant: {}, problems, unknownKeys: Object.keys(value).filter((key) => !OWN_KEYS.has(key)) }
  if ('grant' in value) {
    const grant = value['grant']
    if (grant === null || typeof grant !== 'object' || Array.isArray(grant))
      problems.push({ key: 'grant', message: 'must be a mapping of the grant’s title, reward, deadline and form' })
    else {
      for (const key of Object.keys(LooseGrant.shape) as Array<keyof typeof LooseGrant.shape>) {
        if (!(key in grant)) continue
        const read = LooseGrant.shape[key].safeParse((grant as Record<string, unknown>)[key])
        if (read.success) (draft.grant as Record<string, unknown>)[key] = read.data
        else report(`grant.${key}`, read.error)
      }
    }
  }
  const own = DraftFrontMatter.shape
  const custom = 'custom_fields' in value ? own.custom_fields.safeParse(value['custom_fields']) : null
  if (custom?.success) draft.custom_fields = custom.data
  else if (custom) report('custom_fields', custom.error)
  const status = 'status' in value ? own.status.safeParse(value['status']) : null
  if (status?.success) draft.status = status.data
  else if (status) report('status', status.error)
  const kind = 'project_kind' in value ? ProjectKind.safeParse(value['project_kind']) : null
  if (kind?.success) draft.project_kind = kind.data
  else if (kind) report('project_kind', kind.error)
  return draft
}
