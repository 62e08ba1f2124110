/**
 * The word diff of two versions of a pitch that the history view shows. jsdiff's `diffWords` on
 * a whole 100 KB pitch tokenizes and compares tens of thousands of words and takes far longer
 * than a frame (see bench/history.bench.ts), although two versions of a draft usually differ in
 * a few lines. So: lines first (`diffLines`, a few thousand tokens), then `diffWords` only inside
 * each run of changed lines, where the words actually differ. The answer has the same shape as
 * `diffWords`'s — text in order, each part the same, removed or added — so it reads the same.
 *
 * Pure, with no Node or DOM imports: the renderer calls it, and the bench times it in Node.
 */
import { diffLines, diffWords } from 'diff'

export interface DiffPart {
  kind: 'same' | 'removed' | 'added'
  text: string
}

export interface DiffVersionsOptions {
  /**
   * Past this many milliseconds one step gives up and shows the changed lines whole (removed,
   * then added): a rewrite is better said than shown word by word. Default 500.
   */
  timeoutMs?: number
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (text === '') return
  const last = parts.at(-1)
  if (last?.kind === kind) last.text += text
  else parts.push({ kind, text })
}

/** Word parts of one run of changed lines (what was there, what is there now). */
function wordsOfRun(parts: DiffPart[], removed: string, added: string, timeout: number): void {
  if (removed === '' || added === '') {
    push(parts, 'removed', removed)
    push(parts, 'added', added)
    return
  }
  const words = diffWords(removed, added, { timeout })
  if (!words) {
    push(parts, 'removed', removed)
    push(parts, 'added', added)
    return
  }
  for (const word of words) push(parts, word.added ? 'added' : word.removed ? 'removed' : 'same', word.value)
}

/**
 * The parts that turn `a` into `b`: the `same` and `removed` parts, in order, spell `a`; the
 * `same` and `added` parts spell `b`. Adjacent parts of one kind are merged.
 */
export function diffVersions(a: string, b: string, options: DiffVersionsOptions = {}): DiffPart[] {
  const timeout = options.timeoutMs ?? 500
  if (a === b) return a === '' ? [] : [{ kind: 'same', text: a }]
  const lines = diffLines(a, b, { timeout })
  const parts: DiffPart[] = []
  if (!lines) {
    push(parts, 'removed', a)
    push(parts, 'added', b)
    return parts
  }
  let removed = ''
  let added = ''
  for (const change of lines) {
    if (change.removed) removed += change.value
    else if (change.added) added += change.value
    else {
      wordsOfRun(parts, removed, added, timeout)
      removed = ''
      added = ''
      push(parts, 'same', change.value)
    }
  }
  wordsOfRun(parts, removed, added, timeout)
  return parts
}
