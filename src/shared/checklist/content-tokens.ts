/**
 * micromark's `content` content type for the checklist's parse (mdast.ts), without its state
 * machine, as text-tokens.ts does for `text`. Content is what a paragraph's lines hold before
 * micromark knows they are a paragraph: link reference definitions at its start, then the
 * paragraph. Content that does not open with `[` can hold no definition, so micromark's
 * tokenizer (micromark/lib/initialize/content.js) makes of it one `paragraph` with a `chunkText`
 * per line (its line ending included), linked in order, walking every character to find the
 * line endings; here they come from the chunks written, one line each.
 *
 * Content opening with `[` (maybe a definition) or flagged by a construct the checklist does
 * not use goes to micromark's own tokenizer, replaying what it was given.
 */
import type { Code, Event, Point, Token, TokenizeContext } from 'micromark-util-types'
import { at, CARRIAGE_RETURN, CARRIAGE_RETURN_LINE_FEED, type Create, LINE_FEED, type Operation, recordingTokenizer } from './text-tokens'

/** A line's chunkText, with the chunks it covers for `sliceStream`. */
type LineToken = Token & { _chunks: Array<Code | string> }

/**
 * A creator for `parser.content`, falling back to `micromark` (the parser's own creator).
 * `parser` is the parse's context: subtokenize asks the events' context for it to make the text
 * tokenizers of the lines.
 */
export function plainContentTokenizer(parser: TokenizeContext['parser'], micromark: Create): Create {
  const context = {
    parser,
    sliceStream: (token: Token) => [...(token as LineToken)._chunks],
  } as unknown as TokenizeContext
  return (from) => recordingTokenizer(from, micromark, (operations) => tokenize(operations, from!))

  /** The events micromark's content tokenizer makes of a paragraph; null where it must make them itself. */
  function tokenize(operations: readonly Operation[], from: Omit<Point, '_bufferIndex' | '_index'>): Event[] | null {
    const first = operations[0]
    if (!first || 'skip' in first || first.taskList) return null
    const opening = first.chunks[0]
    // A definition can only start at `[`; micromark's paragraph starts at any other character.
    if (typeof opening !== 'string' || opening.length === 0 || opening.charCodeAt(0) === 91) return null
    const events: Event[] = []
    const point = { line: from.line, column: from.column, offset: from.offset }
    const paragraph = { type: 'paragraph', start: at(point), end: at(point) } as Token
    events.push(['enter', paragraph, context])
    let line: LineToken | null = null
    let previous: LineToken | undefined
    for (const operation of operations) {
      if ('skip' in operation) {
        // micromark's `defineSkip`: the next line starts after its container prefixes.
        if (point.line === operation.skip.line && point.column < 2) {
          point.column = operation.skip.column
          point.offset += operation.skip.column - 1
        }
        continue
      }
      if (operation.taskList) return null
      for (const chunk of operation.chunks) {
        if (chunk === null) {
          if (line) {
            line.end = at(point)
            events.push(['exit', line, context])
          }
          paragraph.end = at(point)
          events.push(['exit', paragraph, context])
          break
        }
        if (!line) {
          line = { type: 'chunkText', start: at(point), end: at(point), contentType: 'text', previous, _chunks: [] } as unknown as LineToken
          if (previous) previous.next = line
          previous = line
          events.push(['enter', line, context])
        }
        line._chunks.push(chunk)
        if (typeof chunk === 'string') {
          point.column += chunk.length
          point.offset += chunk.length
        } else if (chunk === LINE_FEED || chunk === CARRIAGE_RETURN || chunk === CARRIAGE_RETURN_LINE_FEED) {
          point.line++
          point.column = 1
          point.offset += chunk === CARRIAGE_RETURN_LINE_FEED ? 2 : 1
          line.end = at(point)
          events.push(['exit', line, context])
          line = null
        } else if (chunk !== -1) {
          // A tab (-2) or a replaced NUL: one character.
          point.column++
          point.offset++
        }
      }
    }
    return events
  }
}
