/**
 * The YAML that Grant Desk writes, read off its lines. A review gate reads thousands of record
 * files and hundreds of front matters, and the yaml package's lexer, parser, composer and
 * `toJS` cost it more than reading the files (a profile of `grant-desk review
 * --require-approval` over 5,000 records: over half of each thread in yaml). What the app
 * writes is a small part of YAML: block maps of plain keys, block lists of scalars or maps,
 * plain, quoted and literal (`|`) scalars on their own lines.
 *
 * `readPlainYaml` reads exactly that part and answers what yaml's `parse` (YAML 1.2, the core
 * schema) answers for it; for anything else it answers `undefined`, and the caller parses the
 * text with yaml, which reads it or says what is wrong. So it declines whatever is unusual,
 * even where YAML is clear: comments, tabs outside a literal, folded and flow scalars, anchors
 * and tags, a key twice, numbers other than plain whole ones, a text without a final line
 * break. test/unit/shared/text/plain-yaml.test.ts compares it with yaml on generated texts,
 * and test/integration/shared/text/plain-yaml-corpus.test.ts on real proposals held in records.
 */

/** What is read as the text steps outside the subset: the caller parses it with yaml. */
const DECLINED = Symbol('declined')

/** Characters yaml reads in ways this reader does not follow (line breaks other than \n, controls, byte order marks, NEL, LS, PS). */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
const UNUSUAL_CHARACTERS = /[\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/
/** A plain key (as the app writes them: names of fields and of the record's parts). */
const KEY = /^([A-Za-z_][A-Za-z0-9_-]{0,200}):(?: |$)/
/** A plain scalar that starts with none of YAML's indicators, nor a sign, a dot or a space (which start numbers and .inf). */
const PLAIN_START = /^[^-+?:,[\]{}#&*!|>'"%@`. ]/
/** Plain scalars the core schema reads as something other than a string (null, booleans, numbers). */
const NULL = /^(?:~|[Nn]ull|NULL)$/
const BOOLEAN = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const WHOLE = /^(?:0|[1-9][0-9]{0,14})$/
/** A literal block scalar's header: `|`, then an indentation indicator and a chomping indicator, in either order. */
const LITERAL_HEADER = /^\|(?:([1-9])?([-+])?|([-+])([1-9]))$/
/** Escapes that mean the same in YAML's double-quoted scalars and JSON's strings (a \u of a surrogate half excepted). */
const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4})/g

/** Bounds past which the text is left to yaml, whose own bounds (yaml-bounds.ts) then apply. */
const MAX_DEPTH = 16
const MAX_STRUCTURE_LINES = 10_000
// At most 50 maps of 200 keys: within the bounds the records' parse sets on its maps' cost (review-files.ts).
const MAX_KEYS = 200

/**
 * The value of a YAML text Grant Desk writes (a map at the top), as yaml's `parse` reads it,
 * or `undefined` when the text is not of that plain kind.
 */
export function readPlainYaml(text: string): Record<string, unknown> | undefined {
  if (!text.endsWith('\n') || UNUSUAL_CHARACTERS.test(text)) return undefined
  const lines = text.split('\n')
  lines.pop()
  const reader = new PlainReader(lines)
  const start = reader.nextStructure()
  if (start === -1 || indentOf(lines[start]!) !== 0) return undefined
  const value = reader.map(0, 0)
  if (value === DECLINED || reader.nextStructure() !== -1) return undefined
  return value as Record<string, unknown>
}

function indentOf(line: string): number {
  let n = 0
  while (line.charCodeAt(n) === 32) n++
  return n
}

/** A line of spaces only (or none). */
function isBlank(line: string): boolean {
  return indentOf(line) === line.length
}

class PlainReader {
  #lines: string[]
  #at = 0
  #structureLines = 0

  constructor(lines: string[]) {
    this.#lines = lines
  }

  /** The index of the next line that is not blank, from where the reader is (-1 at the end). A tab in a blank line is left to yaml. */
  nextStructure(): number {
    while (this.#at < this.#lines.length && isBlank(this.#lines[this.#at]!)) this.#at++
    return this.#at < this.#lines.length ? this.#at : -1
  }

  /**
   * The next line of a block whose lines stand at `indent`: its index, -1 where the block ends
   * (the text's end, or a line less indented), DECLINED for a line more indented (a scalar's
   * continuation, which the app never writes) or past the bounds.
   */
  nextAt(indent: number): number | typeof DECLINED {
    const at = this.nextStructure()
    if (at === -1) return -1
    const lineIndent = indentOf(this.#lines[at]!)
    if (lineIndent < indent) return -1
    if (lineIndent > indent || ++this.#structureLines > MAX_STRUCTURE_LINES) return DECLINED
    return at
  }

  /** A block map whose keys stand at `indent`, from the current line. */
  map(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) return DECLINED
    const map: Record<string, unknown> = {}
    let keys = 0
    for (;;) {
      const at = this.nextAt(indent)
      if (at === DECLINED) return DECLINED
      if (at === -1) break
      const rest = this.#lines[at]!.slice(indent)
      const key = KEY.exec(rest)
      if (key === null) return DECLINED
      const name = key[1]!
      // Keys yaml reads as null or a boolean, and the one that would set the map's prototype, are left to it.
      if (name === '__proto__' || NULL.test(name) || BOOLEAN.test(name) || Object.hasOwn(map, name) || ++keys > MAX_KEYS) return DECLINED
      this.#at = at + 1
      const inline = rest.slice(key[0].length)
      const value = inline === '' ? this.nested(indent, depth) : this.inline(inline, indent)
      if (value === DECLINED) return DECLINED
      map[name] = value
    }
    return map
  }

  /** The value of a key with nothing after its colon: a map or list on the lines below, or null. */
  nested(parentIndent: number, depth: number): unknown {
    const at = this.nextStructure()
    if (at === -1) return null
    const line = this.#lines[at]!
    const indent = indentOf(line)
    const rest = line.slice(indent)
    const isItem = rest === '-' || rest.startsWith('- ')
    // A list at its key's own indent is YAML too, but the app never writes it.
    if (indent < parentIndent || (indent === parentIndent && !isItem)) return null
    if (indent === parentIndent) return DECLINED
    return isItem ? this.list(indent, depth + 1) : this.map(indent, depth + 1)
  }

  /** A block list whose dashes stand at `indent`: each item a scalar, or a map starting on the dash's line. */
  list(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) return DECLINED
    const list: unknown[] = []
    for (;;) {
      const at = this.nextAt(indent)
      if (at === DECLINED) return DECLINED
      if (at === -1) break
      const line = this.#lines[at]!
      if (!line.startsWith('- ', indent)) return DECLINED
      const item = line.slice(indent + 2)
      if (KEY.test(item)) {
        // A map in the item: its first key on the dash's line, the rest below at the same column.
        this.#lines[at] = ' '.repeat(indent + 2) + item
        this.#at = at
        const map = this.map(indent + 2, depth + 1)
        if (map === DECLINED) return DECLINED
        list.push(map)
      } else {
        if (item.startsWith('|')) return DECLINED
        this.#at = at + 1
        const value = this.inline(item, indent)
        if (value === DECLINED) return DECLINED
        list.push(value)
      }
    }
    return list
  }

  /** A value written after its key on the same line (`parentIndent`: the key's indent, for a literal's lines). */
  inline(text: string, parentIndent: number): unknown {
    if (text.endsWith(' ') || text.endsWith('\t')) return DECLINED
    switch (text[0]) {
      case '"':
        return doubleQuoted(text)
      case "'":
        return singleQuoted(text)
      case '|':
        return this.literal(text, parentIndent)
      case '[':
        return text === '[]' ? [] : DECLINED
      case '{':
        return text === '{}' ? {} : DECLINED
      default:
        return plain(text)
    }
  }

  /** A literal block scalar: its lines below, less their indentation, chomped as its header says. */
  literal(header: string, parentIndent: number): unknown {
    const parts = LITERAL_HEADER.exec(header)
    if (parts === null) return DECLINED
    const indicator = parts[1] ?? parts[4]
    const chomping = parts[2] ?? parts[3] ?? ''
    const lines = this.#lines
    let at = this.#at
    let indent: number
    if (indicator !== undefined) indent = parentIndent + Number(indicator)
    else {
      // The first line that is not blank sets the indentation; blank lines before it may not be longer.
      let first = at
      while (first < lines.length && isBlank(lines[first]!)) first++
      indent = first < lines.length ? indentOf(lines[first]!) : 0
      for (let i = at; i < first; i++) if (lines[i]!.length > indent) return DECLINED
      // Nothing is indented past the key: the literal is empty, and the lines go on at the key's level.
      if (indent <= parentIndent) indent = Number.POSITIVE_INFINITY
    }
    const content: string[] = []
    let lastContent = -1
    for (; at < lines.length; at++) {
      const line = lines[at]!
      const lineIndent = indentOf(line)
      if (lineIndent === line.length) {
        // A blank line: empty, or spaces past the indentation that are the text's own.
        if (line.length > indent) {
          content.push(line.slice(indent))
          lastContent = content.length - 1
        } else content.push('')
        continue
      }
      if (lineIndent < indent) {
        // A tab right after a short indentation is YAML's business (an error, or the text's).
        if (line.charCodeAt(lineIndent) === 9) return DECLINED
        break
      }
      content.push(line.slice(indent))
      lastContent = content.length - 1
    }
    this.#at = at
    // The blank lines that follow the text belong to the literal only with `+`; yaml reads them so.
    if (chomping === '+') return content.length === 0 ? '' : content.join('\n') + '\n'
    const text = content.slice(0, lastContent + 1).join('\n')
    return chomping === '-' || lastContent === -1 ? text : text + '\n'
  }
}

function doubleQuoted(text: string): unknown {
  if (text.length < 2 || !text.endsWith('"')) return DECLINED
  const inner = text.slice(1, -1)
  // Only escapes JSON reads the same way, and no quote or backslash left over.
  if (/["\\]/.test(inner.replace(JSON_ESCAPE, ''))) return DECLINED
  try {
    return JSON.parse(text) as string
  } catch {
    return DECLINED
  }
}

function singleQuoted(text: string): unknown {
  if (text.length < 2 || !text.endsWith("'") || text.includes('\t')) return DECLINED
  const inner = text.slice(1, -1)
  if (/'/.test(inner.replaceAll("''", ''))) return DECLINED
  return inner.replaceAll("''", "'")
}

function plain(text: string): unknown {
  // A colon before a blank ends a key, and a hash after one starts a comment (a tab is a blank too).
  if (!PLAIN_START.test(text) || text.endsWith(':') || /:[ \t]|[ \t]#/.test(text)) return DECLINED
  if (NULL.test(text)) return null
  if (BOOLEAN.test(text)) return text[0] === 't' || text[0] === 'T'
  if (WHOLE.test(text)) return Number(text)
  // Other numbers (leading zeros, octal, hex, floats, 16 digits or more) are left to yaml.
  if (/^(?:0o[0-7]+|0x[0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)$/.test(text)) return DECLINED
  return text
}
