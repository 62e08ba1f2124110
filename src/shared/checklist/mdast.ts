/**
 * Markdown to mdast for the checklist's parse (parse.ts): micromark's events, compiled to the
 * same tree as mdast-util-from-markdown (with GFM tables and task lists) builds from them, for
 * the constructs the checklist parses: block structure only, every inline construct disabled.
 *
 * Why not `fromMarkdown` itself: its compiler is general (every inline construct, extensions,
 * listeners) and allocates a context object per event, which made it a fifth of the parse and a
 * good part of the garbage on real proposals. With inline Markdown off, the events are few kinds
 * (data, line endings, the blocks), and markdownlint, too, builds its own tree from micromark's
 * events. This one follows mdast-util-from-markdown 2.1 handler by handler (the comments name
 * them), and `test/integration/shared/checklist/mdast.test.ts` holds it to that library's tree on every
 * real proposal and on synthetic Markdown of every construct. A part holding an event it does
 * not know (a link reference definition: rare, and its label needs CommonMark's case folding)
 * is handed to `fromMarkdown` whole, so the tree is always that library's.
 *
 * The micromark parser (its combined constructs) is built once per set of options, not per part:
 * its only per-document state, `defined` and `lazy`, is reset before each parse. Its tokenizers
 * of paragraph content and of text are replaced by content-tokens.ts and text-tokens.ts, which
 * make the same events without walking each character (micromark's own take what they do not
 * cover), and micromark's `postprocess`, which walks and copies every event once per level of
 * nesting, by flatten-events.ts, which expands every chunk in one pass.
 */
import type { Blockquote, Code, Heading, Html, List, ListItem, Nodes, Paragraph, Root, Table, TableCell, TableRow, Text } from 'mdast'
import { fromMarkdown, type Options } from 'mdast-util-from-markdown'
import { parse, preprocess } from 'micromark'
import type { Event, Point as MicromarkPoint, Token } from 'micromark-util-types'
import type { Point } from 'unist'
import { plainContentTokenizer } from './content-tokens'
import { flattenEvents } from './flatten-events'
import { plainTextTokenizer } from './text-tokens'

type Parser = ReturnType<typeof parse>

/** Options as parse.ts builds them: micromark extensions plus the matching mdast extensions. */
export type ParseOptions = Options & { extensions: NonNullable<Options['extensions']> }

/** A parser, and micromark's own creator of text tokenizers, which text-tokens.ts falls back to. */
const parsers = new WeakMap<ParseOptions, { parser: Parser; text: Parser['text']; content: Parser['content'] }>()

/** The tree `fromMarkdown(text, options)` gives, built faster (see the top of this file). */
export function markdownToMdast(text: string, options: ParseOptions): Root {
  const definitions = definitionsOnly(text)
  if (definitions) return definitions
  let cached = parsers.get(options)
  if (!cached) {
    const parser = parse(options)
    parsers.set(options, (cached = { parser, text: parser.text, content: parser.content }))
    parser.content = plainContentTokenizer(parser, cached.content)
  }
  const { parser } = cached
  parser.defined = []
  parser.lazy = {}
  parser.text = plainTextTokenizer(text, cached.text)
  const events = flattenEvents(parser.document().write(preprocess()(text, undefined, true)))
  return (events && compile(events)) ?? fromMarkdown(text, options)
}

/**
 * Token types only inline constructs (or a definition) produce: the checklist disables the
 * former, and a part holding any of them goes to `fromMarkdown`, which knows them all.
 */
const UNHANDLED = new Set([
  'autolink',
  'characterEscape',
  'characterReference',
  'codeText',
  'definition',
  'emphasis',
  'hardBreakEscape',
  'htmlText',
  'image',
  'label',
  'link',
  'reference',
  'resource',
  'strong',
])

function point(p: MicromarkPoint): Point {
  return { line: p.line, column: p.column, offset: p.offset }
}

/** Node types a line ending inside adds to as text (mdast-util-from-markdown's `canContainEols`, for the nodes built here). */
const CAN_CONTAIN_EOLS = new Set(['fragment', 'heading', 'paragraph'])

interface Fragment {
  type: 'fragment'
  children: Text[]
}
type Open = Exclude<Nodes, Text> | Fragment | Text

/** micromark's list token, as mdast-util-from-markdown's `prepareList` marks it. */
type SpreadToken = Token & { _spread?: boolean }
/** micromark-extension-gfm-table's table token, with the columns' alignment. */
type TableToken = Token & { _align: Array<'left' | 'right' | 'center' | 'none'> }

/**
 * A simple link reference definition on a line of its own: a plain label, and a destination in
 * angle brackets without escapes, character references, tabs or NULs (a pasted image is one, of
 * tens of kilobytes of base64). Its node is read off the line: micromark walks a destination
 * character by character, twice (this module's pass, then `fromMarkdown`'s, see the top), and a
 * lint session parses the block again on each keystroke in it. The label needs no case folding
 * beyond `toLowerCase` (ASCII letters, digits, `_` and `-`). The line is
 * `/^\[([A-Za-z0-9_-]{1,100})\]: ?<([^<>\\&\n\r\t\0]*)>$/`: here its head up to the destination, and
 * what the destination may not hold.
 */
const DEFINITION_HEAD = /^\[([A-Za-z0-9_-]{1,100})\]: ?</
const NOT_IN_DESTINATION = /[<>\\&\n\r\t\0]/

/**
 * The label and destination of such a line, in two steps: the engine matching the
 * destination's class character by character and then backing off to find the closing `>` at
 * the line's end cost four times a search for a character the destination may not hold.
 */
function definitionLine(line: string): { label: string; url: string } | null {
  const head = DEFINITION_HEAD.exec(line)
  if (!head || line.length - 1 < head[0].length || line.charCodeAt(line.length - 1) !== 62 /* > */) return null
  const url = line.slice(head[0].length, -1)
  return NOT_IN_DESTINATION.test(url) ? null : { label: head[1]!, url }
}

/**
 * The tree of a text that is only such definitions, one a line (the last line may be empty), as
 * `fromMarkdown` builds it; null for any other text. mdast.test.ts holds it to the library.
 */
function definitionsOnly(text: string): Root | null {
  if (text.charCodeAt(0) !== 91 /* [ */) return null
  const lines = text.split('\n')
  const last = lines[lines.length - 1] === '' && lines.length > 1 ? lines.length - 1 : lines.length
  const children: Root['children'] = []
  let offset = 0
  for (let i = 0; i < last; i++) {
    const line = lines[i]!
    const m = definitionLine(line)
    if (!m) return null
    children.push({
      type: 'definition',
      identifier: m.label.toLowerCase(),
      label: m.label,
      title: null,
      url: m.url,
      position: { start: { line: i + 1, column: 1, offset }, end: { line: i + 1, column: line.length + 1, offset: offset + line.length } },
    })
    offset += line.length + 1
  }
  const end = last < lines.length ? { line: last + 1, column: 1, offset: text.length } : { ...children[children.length - 1]!.position!.end }
  return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end } }
}

/** mdast-util-from-markdown's `compile`, for the block constructs; null when the events hold one it leaves to `fromMarkdown`. */
function compile(input: Event[]): Root | null {
  // As `compile` does first: listItem events are added and each list's spread inferred.
  const events: Event[] = []
  const listStack: number[] = []
  for (const event of input) {
    events.push(event)
    const type = event[1].type
    if (type === 'listOrdered' || type === 'listUnordered') {
      if (event[0] === 'enter') listStack.push(events.length - 1)
      else prepareList(events, listStack.pop()!)
    } else if (event[0] === 'enter' && UNHANDLED.has(type)) return null
  }
  const tree: Root = { type: 'root', children: [], position: undefined }
  const stack: Open[] = [tree]
  const tokenStack: Token[] = []
  // mdast-util-from-markdown's `data`: state between events.
  let expectingFirstListItemValue = false
  let flowCodeInside = false
  let setextHeadingSlurpLineEnding = false
  let atHardBreak = false

  const top = () => stack[stack.length - 1]!
  const enter = (node: Exclude<Open, Fragment>, token: Token) => {
    ;(top() as { children: Nodes[] }).children.push(node)
    stack.push(node)
    tokenStack.push(token)
    node.position = { start: point(token.start), end: undefined as unknown as Point }
  }
  const exit = (token: Token) => {
    const node = stack.pop() as Exclude<Open, Fragment>
    const open = tokenStack.pop()
    if (!open || open.type !== token.type) throw new Error(`Cannot close \`${token.type}\`: it is not open`)
    node.position!.end = point(token.end)
  }
  const buffer = () => stack.push({ type: 'fragment', children: [] })
  // `resume`: the fragment's text (mdast-util-to-string of text nodes is their values joined).
  const resume = () => (stack.pop() as Fragment).children.map((child) => child.value).join('')
  const onenterdata = (token: Token) => {
    const siblings = (top() as { children: Nodes[] }).children
    let tail = siblings[siblings.length - 1]
    if (!tail || tail.type !== 'text') {
      tail = { type: 'text', value: '', position: { start: point(token.start), end: undefined as unknown as Point } }
      siblings.push(tail)
    }
    stack.push(tail)
  }
  const onexitdata = (token: Token, value: string) => {
    const tail = stack.pop() as Text
    tail.value += value
    tail.position!.end = point(token.end)
  }

  for (const [kind, token, context] of events) {
    if (kind === 'enter') {
      switch (token.type) {
        case 'atxHeading':
        case 'setextHeading':
          enter({ type: 'heading', depth: 0 as Heading['depth'], children: [], position: undefined }, token)
          break
        case 'blockQuote':
          enter({ type: 'blockquote', children: [], position: undefined } satisfies Blockquote, token)
          break
        case 'codeFenced':
          enter({ type: 'code', lang: null, meta: null, value: '', position: undefined } satisfies Code, token)
          break
        case 'codeIndented':
          enter({ type: 'code', lang: null, meta: null, value: '', position: undefined } satisfies Code, token)
          buffer()
          break
        case 'codeFencedFenceInfo':
        case 'codeFencedFenceMeta':
          buffer()
          break
        case 'data':
        case 'codeFlowValue':
        case 'htmlFlowData':
          onenterdata(token)
          break
        case 'hardBreakTrailing':
          enter({ type: 'break', position: undefined }, token)
          break
        case 'htmlFlow':
          enter({ type: 'html', value: '', position: undefined } satisfies Html, token)
          buffer()
          break
        case 'listItem':
          enter({ type: 'listItem', spread: (token as SpreadToken)._spread, checked: null, children: [], position: undefined } satisfies ListItem, token)
          break
        case 'listItemValue':
          if (expectingFirstListItemValue) {
            ;(stack[stack.length - 2] as List).start = Number.parseInt(context.sliceSerialize(token), 10)
            expectingFirstListItemValue = false
          }
          break
        case 'listOrdered':
        case 'listUnordered':
          enter(
            {
              type: 'list',
              ordered: token.type === 'listOrdered',
              start: null,
              spread: (token as SpreadToken)._spread,
              children: [],
              position: undefined,
            } satisfies List,
            token,
          )
          if (token.type === 'listOrdered') expectingFirstListItemValue = true
          break
        case 'paragraph':
          enter({ type: 'paragraph', children: [], position: undefined } satisfies Paragraph, token)
          break
        case 'thematicBreak':
          enter({ type: 'thematicBreak', position: undefined }, token)
          break
        // mdast-util-gfm-table
        case 'table':
          enter(
            { type: 'table', align: (token as TableToken)._align.map((d) => (d === 'none' ? null : d)), children: [], position: undefined } satisfies Table,
            token,
          )
          break
        case 'tableRow':
          enter({ type: 'tableRow', children: [], position: undefined } satisfies TableRow, token)
          break
        case 'tableData':
        case 'tableHeader':
          enter({ type: 'tableCell', children: [], position: undefined } satisfies TableCell, token)
          break
      }
      continue
    }
    switch (token.type) {
      case 'atxHeading':
      case 'blockQuote':
      case 'listItem':
      case 'listOrdered':
      case 'listUnordered':
      case 'thematicBreak':
      case 'table':
      case 'tableRow':
      case 'tableData':
      case 'tableHeader':
        exit(token)
        break
      case 'atxHeadingSequence': {
        const node = top() as Heading
        if (!node.depth) node.depth = context.sliceSerialize(token).length as Heading['depth']
        break
      }
      case 'codeFenced': {
        const data = resume()
        ;(top() as Code).value = data.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '')
        flowCodeInside = false
        exit(token)
        break
      }
      case 'codeFencedFence':
        if (flowCodeInside) break
        buffer()
        flowCodeInside = true
        break
      case 'codeFencedFenceInfo': {
        const data = resume()
        ;(top() as Code).lang = data
        break
      }
      case 'codeFencedFenceMeta': {
        const data = resume()
        ;(top() as Code).meta = data
        break
      }
      case 'codeIndented': {
        const data = resume()
        ;(top() as Code).value = data.replace(/(\r?\n|\r)$/g, '')
        exit(token)
        break
      }
      case 'data':
      case 'codeFlowValue':
      case 'htmlFlowData':
        onexitdata(token, context.sliceSerialize(token))
        break
      case 'hardBreakTrailing':
        atHardBreak = true
        exit(token)
        break
      case 'htmlFlow': {
        const data = resume()
        ;(top() as Html).value = data
        exit(token)
        break
      }
      case 'lineEnding': {
        const parent = top() as { type: string; children: Nodes[] }
        if (atHardBreak) {
          parent.children[parent.children.length - 1]!.position!.end = point(token.end)
          atHardBreak = false
        } else if (!setextHeadingSlurpLineEnding && CAN_CONTAIN_EOLS.has(parent.type)) {
          onenterdata(token)
          onexitdata(token, context.sliceSerialize(token))
        }
        break
      }
      case 'paragraph':
        exitParagraph()
        exit(token)
        break
      case 'setextHeading':
        setextHeadingSlurpLineEnding = false
        exit(token)
        break
      case 'setextHeadingLineSequence':
        ;(top() as Heading).depth = context.sliceSerialize(token).codePointAt(0) === 61 ? 1 : 2
        break
      case 'setextHeadingText':
        setextHeadingSlurpLineEnding = true
        break
      // mdast-util-gfm-task-list-item
      case 'taskListCheckValueChecked':
      case 'taskListCheckValueUnchecked':
        ;(stack[stack.length - 2] as ListItem).checked = token.type === 'taskListCheckValueChecked'
        break
    }
  }
  if (tokenStack.length > 0) throw new Error(`Cannot close the document: \`${tokenStack[tokenStack.length - 1]!.type}\` is still open`)
  tree.position = {
    start: point(events.length > 0 ? events[0]![1].start : { line: 1, column: 1, offset: 0, _index: 0, _bufferIndex: 0 }),
    end: point(events.length > 0 ? events[events.length - 2]![1].end : { line: 1, column: 1, offset: 0, _index: 0, _bufferIndex: 0 }),
  }
  return tree

  /** mdast-util-gfm-task-list-item's paragraph exit: a checked item's first paragraph loses the space after the check. */
  function exitParagraph(): void {
    const parent = stack[stack.length - 2]
    if (!parent || parent.type !== 'listItem' || typeof parent.checked !== 'boolean') return
    const node = top() as Paragraph
    const head = node.children[0]
    if (!head || head.type !== 'text') return
    const firstParagraph = parent.children.find((sibling) => sibling.type === 'paragraph')
    if (firstParagraph !== node) return
    head.value = head.value.slice(1)
    if (head.value.length === 0) node.children.shift()
    else if (node.position && head.position && typeof head.position.start.offset === 'number') {
      head.position.start.column++
      head.position.start.offset++
      node.position.start = { ...head.position.start }
    }
  }
}

/** mdast-util-from-markdown's `prepareList`: adds listItem events and marks loose items and lists as spread. */
function prepareList(events: Event[], start: number): void {
  const end = events.length - 1
  let index = start - 1
  let containerBalance = -1
  let listSpread = false
  let listItem: SpreadToken | undefined
  let lineIndex: number | undefined
  let firstBlankLineIndex: number | undefined
  let atMarker: boolean | undefined
  const insertions: Array<{ at: number; event: Event }> = []
  while (++index <= end) {
    const event = events[index]!
    switch (event[1].type) {
      case 'listUnordered':
      case 'listOrdered':
      case 'blockQuote':
        if (event[0] === 'enter') containerBalance++
        else containerBalance--
        atMarker = undefined
        break
      case 'lineEndingBlank':
        if (event[0] === 'enter') {
          if (listItem && !atMarker && !containerBalance && !firstBlankLineIndex) firstBlankLineIndex = index
          atMarker = undefined
        }
        break
      case 'linePrefix':
      case 'listItemValue':
      case 'listItemMarker':
      case 'listItemPrefix':
      case 'listItemPrefixWhitespace':
        break
      default:
        atMarker = undefined
    }
    if (
      (!containerBalance && event[0] === 'enter' && event[1].type === 'listItemPrefix') ||
      (containerBalance === -1 && event[0] === 'exit' && (event[1].type === 'listUnordered' || event[1].type === 'listOrdered'))
    ) {
      if (listItem) {
        let tailIndex = index
        lineIndex = undefined
        while (tailIndex--) {
          const tailEvent = events[tailIndex]!
          const type = tailEvent[1].type
          if (type === 'lineEnding' || type === 'lineEndingBlank') {
            if (tailEvent[0] === 'exit') continue
            if (lineIndex) {
              events[lineIndex]![1].type = 'lineEndingBlank'
              listSpread = true
            }
            tailEvent[1].type = 'lineEnding'
            lineIndex = tailIndex
          } else if (
            type === 'linePrefix' ||
            type === 'blockQuotePrefix' ||
            type === 'blockQuotePrefixWhitespace' ||
            type === 'blockQuoteMarker' ||
            type === 'listItemIndent'
          ) {
            // Prefixes between the item's content and its end: skipped.
          } else break
        }
        if (firstBlankLineIndex && (!lineIndex || firstBlankLineIndex < lineIndex)) listItem._spread = true
        listItem.end = Object.assign({}, lineIndex ? events[lineIndex]![1].start : event[1].end)
        insertions.push({ at: lineIndex || index, event: ['exit', listItem, event[2]] })
      }
      if (event[1].type === 'listItemPrefix') {
        const item = { type: 'listItem', _spread: false, start: Object.assign({}, event[1].start), end: undefined } as unknown as SpreadToken
        listItem = item
        insertions.push({ at: index, event: ['enter', item, event[2]] })
        firstBlankLineIndex = undefined
        atMarker = true
      }
    }
  }
  const listEvents = events.splice(start)
  let insertion = 0
  index = -1
  while (++index < listEvents.length) {
    while (insertion < insertions.length && insertions[insertion]!.at === start + index) events.push(insertions[insertion++]!.event)
    events.push(listEvents[index]!)
  }
  ;(events[start]![1] as SpreadToken)._spread = listSpread
}
