/**
 * The three-way merge of one draft file, done by the app rather than by git's line merge, when
 * git reports the file as conflicted. Git compares lines of the whole file, and every save
 * rewrites `updated_at` in the front matter: two teammates who edit different paragraphs of one
 * pitch would otherwise conflict on that one line every time. Here the file is read as what it
 * is, a front matter and a pitch:
 *
 * - the front matter is merged key by key (a side that did not change a key takes the other
 *   side's value). Where both changed a key: `updated_at` takes the later time, `created_at`
 *   the earlier, `status` is `submitted` when either side submitted (with that side's
 *   `application_id`), an application field (`custom_fields.<name>`) is a conflict the
 *   applicant decides, and any other key keeps ours;
 * - the pitch is merged by `git merge-file`, git's own line merge, so it merges exactly what a
 *   terminal `git merge` would (changes in different paragraphs merge cleanly); what it cannot
 *   merge is cut into hunks (base, ours, theirs) for the app's conflict view, never written into
 *   the file as markers;
 * - a draft submitted on one side keeps the pitch and fields that were sent.
 *
 * A side that is missing was deleted (or, for the base, the draft was started on both sides).
 */
import { isDeepStrictEqual } from 'node:util'
import { DraftFileError, parseDraftFile, serializeDraftFile, type DraftFile, type DraftFrontMatter } from '../../../shared/draft-file'
import type { PitchHunk } from '../../../shared/ipc'

export interface DraftSides {
  base: string | null
  ours: string | null
  theirs: string | null
}

/** Git's line merge of three texts: the merged text when clean, else the hunks. */
export type TextMerge = (base: string, ours: string, theirs: string) => Promise<{ clean: true; text: string } | { clean: false; hunks: PitchHunk[] }>

export interface FieldConflict {
  name: string
  label: string
  base: string | null
  ours: string | null
  theirs: string | null
}

export type DraftMerge =
  /** Merged without a question: the file's new text (null: deleted on both sides). `note` says what was decided, when something was. */
  | { kind: 'clean'; text: string | null; note: string | null }
  /** The applicant decides: `fileText` is what the file holds meanwhile (ours, with what merged cleanly). */
  | {
      kind: 'conflict'
      title: string
      fileText: string
      pitch: { base: string | null; ours: string; theirs: string; conflicted: boolean; hunks: PitchHunk[] }
      fields: FieldConflict[]
      mergedFields: Record<string, string>
    }
  /** A side is not a draft Grant Desk can read: git must settle it. */
  | { kind: 'unreadable'; reason: string }

function read(text: string | null, side: string): DraftFile | null | { error: string } {
  if (text === null) return null
  try {
    return parseDraftFile(text)
  } catch (error) {
    if (error instanceof DraftFileError) return { error: `${side} cannot be read as a draft (${error.message})` }
    throw error
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

interface MergeContext {
  fields: Set<string>
  ours: DraftFrontMatter
  theirs: DraftFrontMatter
}

/** A value both sides changed differently, decided by the rules in the header. */
function decide(path: readonly string[], ours: unknown, theirs: unknown, context: MergeContext): unknown {
  const key = path.join('.')
  if (key === 'updated_at') return String(ours) >= String(theirs) ? ours : theirs
  if (key === 'created_at') return String(ours) <= String(theirs) ? ours : theirs
  if (key === 'status') return ours === 'submitted' || theirs === 'submitted' ? 'submitted' : ours
  if (key === 'application_id') return context.ours.status === 'submitted' ? ours : context.theirs.status === 'submitted' ? theirs : (ours ?? theirs)
  if (path.length === 2 && path[0] === 'custom_fields') context.fields.add(path[1]!)
  return ours
}

/** Key-by-key three-way merge of plain values (see the header for what a real conflict keeps). */
function mergeValue(path: string[], base: unknown, ours: unknown, theirs: unknown, context: MergeContext): unknown {
  if (isDeepStrictEqual(ours, theirs)) return ours
  if (isDeepStrictEqual(base, ours)) return theirs
  if (isDeepStrictEqual(base, theirs)) return ours
  if (isPlainObject(ours) && isPlainObject(theirs)) {
    const from = isPlainObject(base) ? base : {}
    const out: Record<string, unknown> = {}
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      const value = mergeValue([...path, key], from[key], ours[key], theirs[key], context)
      if (value !== undefined) out[key] = value
    }
    return out
  }
  return decide(path, ours, theirs, context)
}

const fieldsOf = (file: DraftFile | null): Record<string, string> => file?.frontMatter.custom_fields ?? {}

/** Merges the three sides of one draft file (`merge` is git's line merge, for the pitch). */
export async function mergeDraft(sides: DraftSides, merge: TextMerge): Promise<DraftMerge> {
  const base = read(sides.base, 'the common version')
  const ours = read(sides.ours, 'your version')
  const theirs = read(sides.theirs, 'their version')
  for (const side of [base, ours, theirs]) if (side && 'error' in side) return { kind: 'unreadable', reason: side.error }
  const b = base as DraftFile | null
  const o = ours as DraftFile | null
  const t = theirs as DraftFile | null

  // Deleted on one side, changed on the other: nothing is lost, the changed draft stays.
  if (o === null && t === null) return { kind: 'clean', text: null, note: null }
  if (o === null || t === null) {
    const kept = (o ?? t)!
    const text = (o === null ? sides.theirs : sides.ours)!
    return {
      kind: 'clean',
      text,
      note: `“${kept.frontMatter.grant.title}” was deleted on ${o === null ? 'this computer' : 'the other side'} but changed on ${o === null ? 'the other side' : 'this computer'}: it was kept, so nothing is lost. Delete it again if it is not needed.`,
    }
  }

  const context: MergeContext = { fields: new Set(), ours: o.frontMatter, theirs: t.frontMatter }
  const frontMatter = mergeValue([], b?.frontMatter ?? {}, o.frontMatter, t.frontMatter, context) as DraftFrontMatter
  const title = frontMatter.grant.title

  // One side submitted: the file must keep what was sent.
  const submittedSide =
    o.frontMatter.status === 'submitted' && t.frontMatter.status !== 'submitted'
      ? o
      : t.frontMatter.status === 'submitted' && o.frontMatter.status !== 'submitted'
        ? t
        : null
  if (submittedSide) {
    const sent = { ...frontMatter, custom_fields: submittedSide.frontMatter.custom_fields, application_id: submittedSide.frontMatter.application_id }
    const changedHere = submittedSide === t && !isDeepStrictEqual([o.pitch, fieldsOf(o)], [b?.pitch, fieldsOf(b)])
    return {
      kind: 'clean',
      text: serializeDraftFile(sent, submittedSide.pitch),
      note: changedHere ? `“${title}” was submitted by a teammate, so it keeps the text that was sent; your edits since are in its History.` : null,
    }
  }

  // The merged front matter must still be a draft's (a key merged from each side could make it not one).
  try {
    parseDraftFile(serializeDraftFile(frontMatter, ''))
  } catch (error) {
    if (error instanceof DraftFileError)
      return { kind: 'unreadable', reason: `the two versions' front matter does not merge into a draft's (${error.message})` }
    throw error
  }
  const merged = o.pitch === t.pitch ? { clean: true as const, text: o.pitch } : await merge(b?.pitch ?? '', o.pitch, t.pitch)
  // Started on both sides: there is no common text, not an empty one.
  const pitch =
    merged.clean || b !== null
      ? merged
      : { clean: false as const, hunks: merged.hunks.map((hunk) => (hunk.kind === 'conflict' ? { ...hunk, base: null } : hunk)) }
  const mergedFields = frontMatter.custom_fields ?? {}
  if (pitch.clean && context.fields.size === 0) return { kind: 'clean', text: serializeDraftFile(frontMatter, pitch.text), note: null }

  const labels = new Map((frontMatter.grant.application_schema ?? []).map((field) => [field.name, field.label]))
  const fields = [...context.fields].sort().map((name) => ({
    name,
    label: labels.get(name) ?? name,
    base: fieldsOf(b)[name] ?? null,
    ours: fieldsOf(o)[name] ?? null,
    theirs: fieldsOf(t)[name] ?? null,
  }))
  return {
    kind: 'conflict',
    title,
    // Meanwhile the file reads as ours: the applicant's own text, never markers.
    fileText: serializeDraftFile(frontMatter, o.pitch),
    pitch: {
      base: b?.pitch ?? null,
      ours: o.pitch,
      theirs: t.pitch,
      conflicted: !pitch.clean,
      hunks: pitch.clean ? [{ kind: 'same', text: pitch.text }] : pitch.hunks,
    },
    fields,
    mergedFields,
  }
}

/** The marker size `git merge-file` is asked for: no pitch line starts with 31 of one character. */
export const MARKER_SIZE = 31

/**
 * Cuts `git merge-file --diff3 --marker-size=31` output into hunks. Lines outside conflict
 * blocks are shared; inside, the parts between the markers are ours, base and theirs.
 */
export function parseMergeFileOutput(text: string): PitchHunk[] {
  const open = '<'.repeat(MARKER_SIZE)
  const baseMark = '|'.repeat(MARKER_SIZE)
  const middle = '='.repeat(MARKER_SIZE)
  const close = '>'.repeat(MARKER_SIZE)
  const hunks: PitchHunk[] = []
  let same = ''
  let state: 'same' | 'ours' | 'base' | 'theirs' = 'same'
  let parts = { ours: '', base: '', theirs: '' }
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? []
  for (const line of lines) {
    const bare = line.replace(/\r?\n$/, '')
    if (state === 'same' && (bare === open || bare.startsWith(`${open} `))) {
      if (same !== '') hunks.push({ kind: 'same', text: same })
      same = ''
      state = 'ours'
      parts = { ours: '', base: '', theirs: '' }
    } else if (state === 'ours' && (bare === baseMark || bare.startsWith(`${baseMark} `))) {
      state = 'base'
    } else if ((state === 'ours' || state === 'base') && bare === middle) {
      state = 'theirs'
    } else if (state === 'theirs' && (bare === close || bare.startsWith(`${close} `))) {
      hunks.push({ kind: 'conflict', base: parts.base, ours: parts.ours, theirs: parts.theirs })
      state = 'same'
    } else if (state === 'same') {
      same += line
    } else {
      parts[state] += line
    }
  }
  if (same !== '') hunks.push({ kind: 'same', text: same })
  return hunks
}
