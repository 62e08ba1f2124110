/**
 * micromark's `postprocess` (micromark-util-subtokenize) for the checklist's parse (mdast.ts), in
 * one pass. A document's events hold chunks of other content (`chunkFlow` for a line's flow,
 * `chunkText` for a paragraph's line, `chunkString` for a fence's info): `postprocess` calls
 * `subtokenize` until none is left, and each call walks every event of the document, replaces
 * each chain of linked chunks by its tokenizer's events (split at the chunks' line breaks) in a
 * splice buffer, and copies the whole array back: a walk and a copy per level of nesting (flow,
 * then text), a sixth of the parse and much of its garbage on real proposals.
 *
 * Here the document's events are walked once, and each chunk is replaced by its events as it is
 * met, expanded in turn (its own chunks, at any depth), into one new array: every event is
 * copied once. What `subtokenize` does besides is done at the same points: the GFM task-list
 * hook (a list item's first content is marked before its text is tokenized) and the move of a
 * container's exit before the line endings that close it. The result is the same array of the
 * same events (`test/integration/shared/checklist/mdast.test.ts` compares both, event for event, on
 * every real proposal and on mixes of every construct). A chain whose chunks and events do not
 * pair up as `subtokenize` expects gives null: the caller then parses with the library.
 */
import type { Event, Token, TokenizeContext } from 'micromark-util-types'

/** The tokenizer fields `subtokenize` sets (the types leave them out). */
type Flags = TokenizeContext & { _gfmTasklistFirstContentOfListItem?: boolean | undefined }

/** Thrown inside the walk when a chain does not pair up (see the top); caught in `flattenEvents`. */
class Unpaired extends Error {}

/** `postprocess(events)`'s result, built in one pass; null where the library must do it (see the top). */
export function flattenEvents(events: readonly Event[]): Event[] | null {
  const out: Event[] = []
  // Each chunk of a chain expanded so far, to its events (a chain is expanded at its head).
  const slices = new Map<Token, Event[]>()
  try {
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!
      const token = event[1]
      if (event[0] === 'enter' && token.contentType) {
        // subtokenize's hook for GFM task lists: a list item's first content is marked before
        // its text is tokenized (the check `[ ]` may open only that text).
        if (!slices.has(token) && token.type === 'chunkFlow' && out.length > 0 && out[out.length - 1]![1].type === 'listItemPrefix') {
          markFirstContent(token._tokenizer!.events)
        }
        emitChunk(events, index, out, slices)
        index++ // the chunk's exit: replaced with its enter
        continue
      }
      out.push(event)
      if (event[0] === 'exit' && token._container) moveContainerExit(out)
    }
  } catch (error) {
    if (error instanceof Unpaired) return null
    throw error
  }
  return out
}

/** The events of the chunk entered at `events[index]`, expanded, onto `out`. */
function emitChunk(events: readonly Event[], index: number, out: Event[], slices: Map<Token, Event[]>): void {
  const [, token, context] = events[index]!
  const exit = events[index + 1]
  // subtokenize replaces the chunk's enter and the event after it, which is the chunk's exit,
  // or, for a table cell of several words, the exit of its last `data` token (the table's
  // resolver turned the first into the cell's chunkText and dropped the events between).
  if (!exit || exit[0] !== 'exit') throw new Unpaired()
  let slice = slices.get(token)
  if (!slice) {
    expandChain(token, context, slices)
    slice = slices.get(token)!
  }
  slices.delete(token)
  for (let i = 0; i < slice.length; i++) {
    const event = slice[i]!
    if (event[0] === 'enter' && event[1].contentType) {
      emitChunk(slice, i, out, slices)
      i++
    } else out.push(event)
  }
}

/**
 * subtokenize's `subcontent`: the chain that starts at `head` is written to its tokenizer (a
 * flow chunk's was written while the document was parsed), and the tokenizer's events are cut
 * after each void token spanning a line break, one slice per chunk, in order.
 */
function expandChain(head: Token, context: TokenizeContext, slices: Map<Token, Event[]>): void {
  let tokenizer = head._tokenizer
  if (!tokenizer) {
    tokenizer = context.parser[head.contentType!](head.start)
    if (head._contentTypeTextTrailing) tokenizer._contentTypeTextTrailing = true
  }
  const chunks: Token[] = []
  let previous: Token | undefined
  for (let current: Token | undefined = head; current; current = current.next) {
    chunks.push(current)
    if (!current._tokenizer) {
      const stream = context.sliceStream(current)
      if (!current.next) stream.push(null)
      if (previous) tokenizer.defineSkip(current.start)
      if (current._isInFirstContentOfListItem) (tokenizer as Flags)._gfmTasklistFirstContentOfListItem = true
      tokenizer.write(stream)
      if (current._isInFirstContentOfListItem) (tokenizer as Flags)._gfmTasklistFirstContentOfListItem = undefined
    }
    previous = current
  }
  const childEvents = tokenizer.events
  let from = 0
  let chunk = 0
  for (let index = 1; index < childEvents.length; index++) {
    const event = childEvents[index]!
    const before = childEvents[index - 1]!
    if (event[0] === 'exit' && before[0] === 'enter' && event[1].type === before[1].type && event[1].start.line !== event[1].end.line) {
      // A break ends this chunk's slice, except after the last chunk: its remaining events
      // (blocks closed at the end) stay with it.
      if (chunk >= chunks.length) throw new Unpaired()
      if (chunk < chunks.length - 1) {
        slices.set(chunks[chunk++]!, childEvents.slice(from, index + 1))
        from = index + 1
      } else chunk++
    }
  }
  // subtokenize leaves chunks without a slice of their own in place: never so in practice.
  if (chunk < chunks.length - 1) throw new Unpaired()
  slices.set(chunks[chunks.length - 1]!, childEvents.slice(from))
  tokenizer.events = []
}

/** subtokenize's hook: the text chunks of the first content of a list item (its flow's events) are marked. */
function markFirstContent(subevents: readonly Event[]): void {
  let otherIndex = 0
  if (otherIndex < subevents.length && subevents[otherIndex]![1].type === 'lineEndingBlank') otherIndex += 2
  if (otherIndex < subevents.length && subevents[otherIndex]![1].type === 'content') {
    while (++otherIndex < subevents.length) {
      if (subevents[otherIndex]![1].type === 'content') break
      if (subevents[otherIndex]![1].type === 'chunkText') {
        subevents[otherIndex]![1]._isInFirstContentOfListItem = true
        otherIndex++
      }
    }
  }
}

/**
 * subtokenize on a container's exit (the last event of `out`): the line endings and line prefixes
 * right before it are moved after it (a block quote or list ends before the blank lines that
 * close it), the first of them a `lineEnding`, the others `lineEndingBlank`.
 */
function moveContainerExit(out: Event[]): void {
  const index = out.length - 1
  const exit = out[index]!
  let lineIndex: number | undefined
  let otherIndex = index
  while (otherIndex--) {
    const other = out[otherIndex]!
    const type = other[1].type
    if (type === 'lineEnding' || type === 'lineEndingBlank') {
      if (other[0] === 'enter') {
        if (lineIndex) out[lineIndex]![1].type = 'lineEndingBlank'
        other[1].type = 'lineEnding'
        lineIndex = otherIndex
      }
    } else if (type !== 'linePrefix' && type !== 'listItemIndent') break
  }
  // As subtokenize: an index of 0 moves nothing.
  if (!lineIndex) return
  exit[1].end = { ...out[lineIndex]![1].start }
  out.copyWithin(lineIndex + 1, lineIndex, index)
  out[lineIndex] = exit
}
