/**
 * Where each thread's passage is in the text on screen (the pitch and fields being typed, not
 * the saved file), and the threads sorted and grouped from that: open, outdated (the quoted
 * passage is gone; the thread keeps its quote and is never dropped), resolved.
 */
import { useMemo } from 'react'
import type { SchemaField } from '../../../../shared/api'
import { type AnchorMatch, locateQuotes, type TextQuote } from '../../../../shared/review/anchor'
import { isOpen } from '../../../../shared/review/state'
import type { ThreadView } from '../../../../shared/review/view'
import { useEditor } from '../../state/editor'
import { useTextAtPause } from '../../state/useTextAtPause'

export type Found = Extract<AnchorMatch, { status: 'exact' | 'fuzzy' }>

export interface LocatedThread {
  thread: ThreadView
  /** The quoted passage now (in the pitch, or in the field's value); null for a whole field or the whole draft. */
  match: AnchorMatch | null
  /** Its quote is nowhere in the text any more. */
  outdated: boolean
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

/** Every thread with where its passage is now, pitch quotes located in one pass. */
export function locateThreads(threads: readonly ThreadView[], text: ScreenText): LocatedThread[] {
  const pitchQuotes: TextQuote[] = []
  const pitchIndex = new Map<string, number>()
  for (const thread of threads) {
    if (thread.anchor.target !== 'pitch') continue
    pitchIndex.set(thread.id, pitchQuotes.length)
    pitchQuotes.push(thread.anchor.quote)
  }
  const pitchMatches = pitchQuotes.length > 0 ? locateQuotes(text.pitch, pitchQuotes) : []
  const labels = new Map((text.schema ?? []).map((field) => [field.name, field.label || field.name]))
  return threads.map((thread) => {
    const { anchor } = thread
    if (anchor.target === 'pitch') {
      const match = pitchMatches[pitchIndex.get(thread.id)!]!
      return { thread, match, outdated: match.status === 'outdated', fieldLabel: null }
    }
    if (anchor.target === 'field') {
      const fieldLabel = labels.get(anchor.field) ?? anchor.field
      if (!anchor.quote) return { thread, match: null, outdated: false, fieldLabel }
      const [match] = locateQuotes(fieldValue(text.fields, anchor.field), [anchor.quote])
      return { thread, match: match!, outdated: match!.status === 'outdated', fieldLabel }
    }
    return { thread, match: null, outdated: false, fieldLabel: null }
  })
}

const PLACE = { pitch: 0, field: 1, draft: 2 } as const

/** Pitch threads in pitch order, then field threads in form order, then whole-draft ones by age. */
export function sortLocated(located: readonly LocatedThread[], schema: readonly SchemaField[] | null): LocatedThread[] {
  const fieldOrder = new Map((schema ?? []).map((field, index) => [field.name, index]))
  const key = (item: LocatedThread): [number, number, number] => {
    const { anchor } = item.thread
    const at = item.match && item.match.status !== 'outdated' ? item.match.start : -1
    if (anchor.target === 'pitch') return [PLACE.pitch, item.match?.status === 'outdated' ? anchor.quote.line : (item.match as Found).line, at]
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

/** The review's threads located in the editor's text, recomputed when the threads change or typing pauses. */
export function useLocatedThreads(threads: readonly ThreadView[]): LocatedThread[] {
  const { pitch, customFields: fields } = useTextAtPause()
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  return useMemo(() => locateThreads(threads, { pitch, fields, schema }), [threads, pitch, fields, schema])
}
