/**
 * micromark's `text` content type for the checklist's parse (mdast.ts), without its state
 * machine. The checklist disables every inline construct, so what micromark's text tokenizer
 * (micromark/lib/initialize/text.js) makes of a paragraph's, a heading's or a cell's text is
 * fixed: one `data` token per line, a `lineEnding` between lines, and trailing spaces split off
 * as a `lineSuffix` or, two spaces or more before a line ending, a `hardBreakTrailing`. That
 * tokenizer still walked every character through its states (the text is walked twice before,
 * by the document and the content tokenizers), a tenth of the parse; here the same events come
 * from the chunks' lengths.
 *
 * What this does not cover goes to micromark's own tokenizer, replaying what it was given: a
 * list item's first text opening with `[` (a task list check may start there), a line of a
 * paragraph starting with spaces or a tab's remainder (micromark takes those as a line prefix),
 * or a trailing-text flag no construct of the checklist sets. mdast.test.ts holds the trees to
 * mdast-util-from-markdown's on every real proposal and on every construct.
 */
import type { Code, Event, Point, Token, TokenizeContext } from 'micromark-util-types'

export type Create = (from?: Omit<Point, '_bufferIndex' | '_index'>) => TokenizeContext

/** What micromark-util-subtokenize sets and calls on a text tokenizer (`subcontent`). */
export interface TextTokenizer {
  events: Event[]
  defineSkip(point: Point): void
  write(chunks: Code[] | Array<Code | string>): Event[]
  _gfmTasklistFirstContentOfListItem?: boolean | undefined
  _contentTypeTextTrailing?: boolean | undefined
}

export type Operation = { skip: Point } | { chunks: Array<Code | string>; taskList: boolean }

/**
 * The tokenizer micromark-util-subtokenize drives, for text-tokens.ts and content-tokens.ts: it
 * records what is written (skips and chunks) and, once the last chunk is in, gives the events
 * `make` makes of them, or, where `make` gives null, micromark's own tokenizer's (`micromark`,
 * replaying the same operations).
 */
export function recordingTokenizer(
  from: Parameters<Create>[0],
  micromark: Create,
  make: (operations: readonly Operation[], tokenizer: TextTokenizer) => Event[] | null,
): TokenizeContext {
  const operations: Operation[] = []
  const tokenizer: TextTokenizer = {
    // subtokenize holds on to this array from the start: the events go into it.
    events: [],
    defineSkip(point) {
      operations.push({ skip: point })
    },
    write(chunks) {
      operations.push({ chunks, taskList: tokenizer._gfmTasklistFirstContentOfListItem === true })
      if (chunks[chunks.length - 1] !== null) return []
      const made = make(operations, tokenizer) ?? replay(micromark(from), operations).events
      for (const event of made) tokenizer.events.push(event)
      return tokenizer.events
    },
  }
  return tokenizer as unknown as TokenizeContext
}

export const LINE_FEED = -4
export const CARRIAGE_RETURN = -5
export const CARRIAGE_RETURN_LINE_FEED = -3
const HORIZONTAL_TAB = -2
const VIRTUAL_SPACE = -1
const SPACE = 32

/**
 * A creator for `parser.text` over `source` (the text being parsed: token values are its
 * slices), falling back to `micromark` (the parser's own creator) as said above.
 */
export function plainTextTokenizer(source: string, micromark: Create): Create {
  // The context of every event made here: the compiler (mdast.ts) asks it for token values.
  const context = { sliceSerialize: (token: Token) => source.slice(token.start.offset, token.end.offset) } as unknown as TokenizeContext
  return (from) => recordingTokenizer(from, micromark, (operations, tokenizer) => (tokenizer._contentTypeTextTrailing ? null : tokenize(operations, from!)))

  /** The events micromark's text tokenizer makes of the chunks written; null where it must make them itself. */
  function tokenize(operations: readonly Operation[], from: Omit<Point, '_bufferIndex' | '_index'>): Event[] | null {
    const events: Event[] = []
    const point = { line: from.line, column: from.column, offset: from.offset }
    const skips = new Map<number, number>()
    let data: Token | null = null
    let afterLineEnding = false
    let first = true
    const closeData = (last: boolean) => {
      if (!data) return
      data.end = at(point)
      splitTrailingSpace(data, last, events)
      data = null
    }
    for (const operation of operations) {
      if ('skip' in operation) {
        // micromark's `defineSkip`: a line's text starts after its container prefixes.
        skips.set(operation.skip.line, operation.skip.column)
        if (point.line === operation.skip.line && point.column < 2) {
          point.column = operation.skip.column
          point.offset += operation.skip.column - 1
        }
        continue
      }
      const { chunks } = operation
      for (let index = 0; index < chunks.length; index++) {
        const chunk = chunks[index]!
        if (afterLineEnding) {
          // Spaces after a line ending are a line prefix, not data.
          if (chunk === SPACE || chunk === HORIZONTAL_TAB || chunk === VIRTUAL_SPACE || (typeof chunk === 'string' && chunk.charCodeAt(0) === SPACE))
            return null
          afterLineEnding = false
        }
        if (first) {
          first = false
          // A check `[ ]` may open a list item's first text.
          if (operation.taskList && typeof chunk === 'string' && chunk.startsWith('[')) return null
        }
        if (typeof chunk === 'string') {
          if (!data) data = { type: 'data', start: at(point), end: at(point) }
          point.column += chunk.length
          point.offset += chunk.length
        } else if (chunk === HORIZONTAL_TAB) {
          if (!data) data = { type: 'data', start: at(point), end: at(point) }
          point.column++
          point.offset++
        } else if (chunk === VIRTUAL_SPACE) {
          // The rest of a tab: no character of its own, but data starting here reads as a space.
          if (!data) return null
        } else if (chunk === LINE_FEED || chunk === CARRIAGE_RETURN || chunk === CARRIAGE_RETURN_LINE_FEED) {
          closeData(false)
          const token = { type: 'lineEnding', start: at(point), end: at(point) } as Token
          point.line++
          point.column = 1
          point.offset += chunk === CARRIAGE_RETURN_LINE_FEED ? 2 : 1
          // The token ends where the line starts: the next line's skip is defined only later.
          token.end = at(point)
          const skip = skips.get(point.line)
          if (skip !== undefined) {
            point.column = skip
            point.offset += skip - 1
          }
          events.push(['enter', token, context], ['exit', token, context])
          afterLineEnding = true
        } else if (chunk === null) {
          closeData(true)
        } else return null
      }
    }
    return events
  }

  /** micromark's `resolveAllLineSuffixes` for one data token: its trailing spaces and tabs become a token of their own. */
  function splitTrailingSpace(data: Token, last: boolean, events: Event[]): void {
    let size = 0
    let tabs = false
    for (let i = data.end.offset - 1; i >= data.start.offset; i--) {
      const char = source.charCodeAt(i)
      if (char === SPACE) size++
      else if (char === 9) {
        tabs = true
        size++
      } else break
    }
    if (size === 0) {
      events.push(['enter', data, context], ['exit', data, context])
      return
    }
    const suffix = {
      type: last || tabs || size < 2 ? 'lineSuffix' : 'hardBreakTrailing',
      start: at({ line: data.end.line, column: data.end.column - size, offset: data.end.offset - size }),
      end: at(data.end),
    } as Token
    data.end = at(suffix.start)
    if (data.start.offset !== data.end.offset) events.push(['enter', data, context], ['exit', data, context])
    events.push(['enter', suffix, context], ['exit', suffix, context])
  }
}

export function at(point: { line: number; column: number; offset: number }): Point {
  // In the order of micromark's own points (its `now`): one shape for the code that reads both.
  return { _bufferIndex: -1, _index: 0, line: point.line, column: point.column, offset: point.offset }
}

/** micromark's own tokenizer, given everything written so far. */
export function replay(tokenizer: TokenizeContext, operations: readonly Operation[]): TokenizeContext {
  const flags = tokenizer as unknown as TextTokenizer
  for (const operation of operations) {
    if ('skip' in operation) tokenizer.defineSkip(operation.skip)
    else {
      if (operation.taskList) flags._gfmTasklistFirstContentOfListItem = true
      tokenizer.write(operation.chunks)
      if (operation.taskList) flags._gfmTasklistFirstContentOfListItem = undefined
    }
  }
  return tokenizer
}
