/**
 * A multiline pattern anchored at a line's start (`/^…/m`, no top-level `|`) can only match
 * where `^` does: at the text's start and right after a line terminator. The engine still tries
 * it at every character, which on a line of 26 KB (a pasted image's base64) costs as much as a
 * scan of the whole line for each such pattern on each keystroke. Trying it only at line starts,
 * sticky, finds the same matches in the same order, at a cost that grows with the lines.
 */

/** The characters after which a multiline `^` matches (ECMAScript's LineTerminator). */
const TERMINATOR = /[\n\r\u2028\u2029]/g

/** Whether `source` starts with `^` and has no `|` outside groups and classes: every match starts where `^` matches. */
function anchoredAtLineStart(source: string): boolean {
  if (!source.startsWith('^')) return false
  let depth = 0
  let inClass = false
  for (let i = 1; i < source.length; i++) {
    const c = source[i]
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) return false
  }
  return true
}

const STICKY = new WeakMap<RegExp, RegExp | null>()

/** `pattern` made sticky (other flags kept) when it is a multiline pattern anchored at line starts; else null. */
function stickyAtLineStarts(pattern: RegExp): RegExp | null {
  let sticky = STICKY.get(pattern)
  if (sticky === undefined) {
    sticky = pattern.multiline && anchoredAtLineStart(pattern.source) ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '') + 'y') : null
    STICKY.set(pattern, sticky)
  }
  return sticky
}

/** The positions where a multiline `^` matches in `text`, in order. */
function* lineStarts(text: string): Generator<number> {
  yield 0
  // The rare terminators (never in a text of one-byte characters, which `indexOf` knows at once)
  // need the class; without them the line starts are found by `indexOf`, much faster.
  if (text.includes('\u2028') || text.includes('\u2029')) {
    const terminator = new RegExp(TERMINATOR)
    let m: RegExpExecArray | null
    while ((m = terminator.exec(text))) yield m.index + 1
    return
  }
  // The next \n and the next \r, each found once: a position after either is a line start.
  let lf = text.indexOf('\n')
  let cr = text.indexOf('\r')
  while (lf !== -1 || cr !== -1) {
    if (cr === -1 || (lf !== -1 && lf < cr)) {
      yield lf + 1
      lf = text.indexOf('\n', lf + 1)
    } else {
      yield cr + 1
      cr = text.indexOf('\r', cr + 1)
    }
  }
}

/**
 * `text.matchAll(pattern)` (pattern with the g flag), tried only at line starts when the pattern
 * is anchored at them (see the top of this file), else as `matchAll` does.
 */
export function* matchesAtLineStarts(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  if (!pattern.global) throw new Error(`matchesAtLineStarts needs a pattern with the g flag, not ${pattern}`)
  const sticky = stickyAtLineStarts(pattern)
  if (!sticky) {
    yield* text.matchAll(pattern)
    return
  }
  let next = 0
  for (const start of lineStarts(text)) {
    if (start < next) continue
    sticky.lastIndex = start
    const m = sticky.exec(text)
    if (!m) continue
    next = m.index + Math.max(1, m[0].length)
    yield m
  }
}

/** `pattern.test(text)` (pattern without the g or y flag), tried only at line starts when it is anchored at them. */
export function testAtLineStarts(text: string, pattern: RegExp): boolean {
  if (pattern.global || pattern.sticky) throw new Error(`testAtLineStarts needs a pattern without the g or y flag, not ${pattern}`)
  const sticky = stickyAtLineStarts(pattern)
  if (!sticky) return pattern.test(text)
  for (const start of lineStarts(text)) {
    sticky.lastIndex = start
    if (sticky.test(text)) return true
  }
  return false
}
