/**
 * A YAML text's shape, measured before it is parsed. The yaml package's parser keeps a stack as
 * deep as the text's nesting and a node for every item: an 8 MB front matter of `[[[[…` took
 * more than 4 GB and killed the process, and one of 800,000 keys held the main process for
 * 15 s. Its lexer is linear and keeps nothing, so the items and the nesting are counted with it
 * first, and a text far past anything Grant Desk writes is refused unread (`boundedSyntax` counts
 * them as the parser is fed, so a text within the bounds is lexed once).
 */
import { type CST, Composer, type Document, type DocumentOptions, Lexer, type ParseOptions, Parser, type SchemaOptions, YAMLParseError } from 'yaml'

/**
 * The lexer's tokens a text may have. A key and its value on one line are 7 tokens, so this is
 * about 70,000 such lines (parsed in about 2 s): a draft's front matter has a few hundred, a
 * review record a few dozen. A long text value (a pitch, a field) is one token, whatever its
 * length.
 */
export const MAX_YAML_TOKENS = 500_000
/** Flow collections (`[…]`, `{…}`) inside each other. Grant Desk writes none deeper than 1. */
export const MAX_FLOW_DEPTH = 100
/** Block indicators (`- `, `? `, `: `, outside brackets) on one line: each nests one level. Grant Desk writes 2 at most. */
export const MAX_LINE_INDICATORS = 100

/**
 * A checker of a text's shape, fed the lexer's tokens in order: answers why the text is refused
 * at the first token past the bounds, else null.
 */
function shapeChecker(): (token: string) => string | null {
  let tokens = 0
  let flowDepth = 0
  let lineIndicators = 0
  let afterScalarMark = false
  return (token) => {
    if (++tokens > MAX_YAML_TOKENS) return `it has far more items than any Grant Desk file (over ${MAX_YAML_TOKENS.toLocaleString('en-US')} YAML tokens)`
    // A plain or block scalar is announced by a mark, then comes as one token: its text is never structure.
    if (afterScalarMark) {
      afterScalarMark = false
      return null
    }
    switch (token) {
      case '\x1f':
        afterScalarMark = true
        break
      case '[':
      case '{':
        if (++flowDepth > MAX_FLOW_DEPTH) return `it is nested too deeply (lists or maps inside each other more than ${MAX_FLOW_DEPTH} times)`
        break
      case ']':
      case '}':
        if (flowDepth > 0) flowDepth--
        break
      case '-':
      case '?':
      case ':':
        // In a flow collection only the brackets nest (`{a: 1, b: 2, …}` is one level, however long).
        if (flowDepth === 0 && ++lineIndicators > MAX_LINE_INDICATORS)
          return `it is nested too deeply (more than ${MAX_LINE_INDICATORS} lists or maps opened on one line)`
        break
      case '\n':
      case '\r\n':
      case '':
        lineIndicators = 0
        break
      default:
        break
    }
    return null
  }
}

/** Why a YAML text is refused before parsing, or null when it may be parsed. */
export function yamlShapeProblem(text: string): string | null {
  const check = shapeChecker()
  for (const token of new Lexer().lex(text)) {
    const problem = check(token)
    if (problem !== null) return problem
  }
  return null
}

/**
 * A YAML text's syntax tree (the parser's tokens), lexed once: each of the lexer's tokens is
 * checked as `yamlShapeProblem` checks them before the parser takes it, so a text past the
 * bounds is refused before the parser goes deep into it, and a text within them is not lexed a
 * second time to be parsed. `onNewLine` (a LineCounter's `addNewLine`) counts lines as
 * `parseDocument` counts them.
 */
export function boundedSyntax(text: string, onNewLine?: (offset: number) => void): { tokens: CST.Token[]; problem: null } | { tokens: null; problem: string } {
  const check = shapeChecker()
  const parser = new Parser(onNewLine)
  // As Parser.parse does: the start of the text is a line's start.
  onNewLine?.(0)
  const tokens: CST.Token[] = []
  for (const lexeme of new Lexer().lex(text)) {
    const problem = check(lexeme)
    if (problem !== null) return { tokens: null, problem }
    for (const token of parser.next(lexeme)) tokens.push(token)
  }
  for (const token of parser.end()) tokens.push(token)
  return { tokens, problem: null }
}

/** The first document of a syntax tree (boundedSyntax), composed as `parseDocument` composes it: a second document is an error of the first. */
export function composeDocument(tokens: readonly CST.Token[], endOffset: number, options: DocumentOptions & SchemaOptions & ParseOptions): Document.Parsed {
  let document: Document.Parsed | null = null
  for (const next of new Composer(options).compose(tokens, true, endOffset)) {
    if (document === null) document = next
    else {
      document.errors.push(
        new YAMLParseError(
          next.range.slice(0, 2) as [number, number],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      )
      break
    }
  }
  // `compose(…, forceDoc = true)` always gives one.
  return document!
}
