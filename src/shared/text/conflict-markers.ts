/**
 * Git merge-conflict markers in a text. Drafts live in folders teams share through git, so a
 * `git pull` can leave a block of both versions in a file. One definition: the drafts store
 * refuses to open or save such a file, and the checklist (app and CLI) points at the block.
 */

/** 1-based line of the first git conflict marker, when the text has a complete conflict block. */
export function conflictMarkerLine(text: string): number | null {
  const start = /^<{7}(?:[ \t][^\n]*)?\r?$/m.exec(text)
  if (!start) return null
  const rest = text.slice(start.index)
  if (!/^={7}\r?$/m.test(rest) || !/^>{7}(?:[ \t][^\n]*)?\r?$/m.test(rest)) return null
  return text.slice(0, start.index).split('\n').length
}
