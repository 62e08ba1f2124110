/**
 * Where each thread's passage is in the text on screen (the pitch and fields being typed, not
 * the saved file), and the threads sorted and grouped from that: open, outdated (the quoted
 * passage is gone; the thread keeps its quote and is never dropped), resolved.
 */
import { useMemo, useRef } from 'react'
import type { SchemaField } from '../../../../shared/api'
import { type AnchorBudget, type AnchorMatch, locateQuotes, placeAnchors, type Placements, type TextQuote } from '../../../../shared/review'
import { isOpen } from '../../../../shared/review'
import type { ThreadView } from '../../../../shared/review'
import { useEditor, useTextAtPause } from '../../state/editor'
import { type PlacedText, quoteKey, sameQuotes, usePlacements } from './placements'

export type Found = Extract<AnchorMatch, { status: 'exact' | 'fuzzy' }>

export interface LocatedThread {
  thread: ThreadView
  /** The quoted passage now (in the pitch, or in the field's value); null for a whole field or the whole draft. */
  match: AnchorMatch | null
  /** Its quote is nowhere in the text any more. */
  outdated: boolean
  /** Its quote was not placed within the anchoring's budget (yet): neither found nor gone. */
  pending: boolean
  /** The field's label, for a field thread. */
  fieldLabel: string | null
}

export interface GroupedThreads {
  open: LocatedThread[]
  outdated: LocatedThread[]
  resolved: LocatedThread[]
}

export interface ScreenText {
  pitch: string
  fields: Readonly<Record<string, string>>
  schema: readonly SchemaField[] | null
}

function fieldValue(fields: Readonly<Record<string, string>>, name: string): string {
  return Object.hasOwn(fields, name) ? (fields[name] ?? '') : ''
}

/** The quotes of the threads on the pitch, in thread order: what is placed in the pitch. */
export function pitchQuotes(threads: readonly ThreadView[]): TextQuote[] {
  return threads.flatMap((thread) => (thread.anchor.target === 'pitch' ? [thread.anchor.quote] : []))
}

/**
 * Every thread with where its passage is now. `placements`: the pitch quotes' places as the
 * anchoring worker found them (for `pitchQuotes(threads)` in `text.pitch`), a quote it has not
 * placed yet being `pending`; without it they are placed here, with no budget.
 */
export function locateThreads(threads: readonly ThreadView[], text: ScreenText, placements?: Placements): LocatedThread[] {
  const quotes = pitchQuotes(threads)
  const pitchMatches: (AnchorMatch | null)[] = placements
    ? placements.matches.map((placement) => (placement.status === 'pending' ? null : placement))
    : quotes.length > 0
      ? locateQuotes(text.pitch, quotes)
      : []
  let next = 0
  const labels = new Map((text.schema ?? []).map((field) => [field.name, field.label || field.name]))
  return threads.map((thread) => {
    const { anchor } = thread
    if (anchor.target === 'pitch') {
      const match = pitchMatches[next++] ?? null
      return { thread, match, outdated: match?.status === 'outdated', pending: match === null, fieldLabel: null }
    }
    if (anchor.target === 'field') {
      const fieldLabel = labels.get(anchor.field) ?? anchor.field
      if (!anchor.quote) return { thread, match: null, outdated: false, pending: false, fieldLabel }
      const [match] = locateQuotes(fieldValue(text.fields, anchor.field), [anchor.quote])
      return { thread, match: match!, outdated: match!.status === 'outdated', pending: false, fieldLabel }
    }
    return { thread, match: null, outdated: false, pending: false, fieldLabel: null }
  })
}

const PLACE = { pitch: 0, field: 1, draft: 2 } as const

/** Pitch threads in pitch order, then field threads in form order, then whole-draft ones by age. */
export function sortLocated(located: readonly LocatedThread[], schema: readonly SchemaField[] | null): LocatedThread[] {
  const fieldOrder = new Map((schema ?? []).map((field, index) => [field.name, index]))
  const key = (item: LocatedThread): [number, number, number] => {
    const { anchor } = item.thread
    const at = item.match && item.match.status !== 'outdated' ? item.match.start : -1
    if (anchor.target === 'pitch') return [PLACE.pitch, !item.match || item.match.status === 'outdated' ? anchor.quote.line : item.match.line, at]
    if (anchor.target === 'field') return [PLACE.field, fieldOrder.get(anchor.field) ?? Number.MAX_SAFE_INTEGER, at]
    return [PLACE.draft, 0, 0]
  }
  return located
    .map((item, index) => ({ item, index, key: key(item) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.index - b.index)
    .map(({ item }) => item)
}

/**
 * Open, outdated and resolved threads, each in pitch order. A thread that is neither open nor
 * resolved (a deleted comment nobody replied to) has nothing left to show and is left out.
 */
export function groupThreads(located: readonly LocatedThread[], schema: readonly SchemaField[] | null): GroupedThreads {
  const groups: GroupedThreads = { open: [], outdated: [], resolved: [] }
  for (const item of sortLocated(located, schema)) {
    if (item.thread.resolved) groups.resolved.push(item)
    else if (!isOpen(item.thread)) continue
    else if (item.outdated) groups.outdated.push(item)
    else groups.open.push(item)
  }
  return groups
}

/**
 * The review's threads located in the editor's text, as of the last pause in typing: placed by
 * the anchoring worker (placements.ts). Until its answer for this text arrives, the previous
 * answer's places stay on screen (a pause must not make every thread blink "not placed yet").
 */
export function useLocatedThreads(threads: readonly ThreadView[]): LocatedThread[] {
  return useLocatedIn(threads).located
}

/** The located threads and the pitch text their places are offsets in. */
export function useLocatedIn(threads: readonly ThreadView[]): { text: string; located: LocatedThread[] } {
  const { pitch, customFields: fields } = useTextAtPause()
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const quotes = useMemo(() => pitchQuotes(threads), [threads])
  const placed = usePlacements(pitch, quotes)
  const last = useRef<{ text: string; located: LocatedThread[] } | null>(null)
  // The previous answer is a cache of this memo's own last result (kept while the worker works
  // on a new text), not state of the render: reading it here changes nothing that was drawn.
  /* eslint-disable react-hooks/refs */
  return useMemo(() => {
    const sameText = placed !== null && placed.text === pitch
    const previous = last.current
    if (!sameText && previous && previous.located.length === threads.length && previous.located.every((item, i) => item.thread === threads[i])) return previous
    // A new text with refreshed threads (new objects, the same quotes): the previous places stay until the worker answers.
    if (!sameText && previous && placed && sameQuotes(placed.quotes, quotes)) {
      const result = { text: placed.text, located: locateThreads(threads, { pitch: placed.text, fields, schema }, placed.placements) }
      last.current = result
      return result
    }
    // Until the worker's answer for this text and these quotes: a first pass here that finds the
    // quotes still as they were (FIRST_PASS: 20 ms at most), with the places the worker already
    // gave for the same text; the rest wait for the worker.
    const placements = sameText && sameQuotes(placed.quotes, quotes) ? placed.placements : firstPass(pitch, quotes, sameText ? placed : null)
    const result = { text: pitch, located: locateThreads(threads, { pitch, fields, schema }, placements) }
    last.current = result
    return result
  }, [threads, pitch, fields, schema, placed, quotes])
  /* eslint-enable react-hooks/refs */
}

/**
 * The first pass's budget: the exact lookups, and a millisecond for a quote that must be
 * searched for, within 20 ms in all (a draft opened with hundreds of hard quotes waits that
 * long once, not the 500 ms of the worker's budget).
 */
const FIRST_PASS: AnchorBudget = { perQuoteMs: 1, totalMs: 20 }

function firstPass(text: string, quotes: readonly TextQuote[], known: PlacedText | null): Placements {
  const quick = placeAnchors({ text, quotes }, FIRST_PASS)
  if (!known) return quick
  const byQuote = new Map(known.quotes.map((quote, i) => [quoteKey(quote), known.placements.matches[i]!]))
  const matches = quotes.map((quote, i) => byQuote.get(quoteKey(quote)) ?? quick.matches[i]!)
  return { matches, pending: matches.flatMap((match, i) => (match.status === 'pending' ? [i] : [])), complete: false, textLength: text.length }
}

export type { PlacedText }
