/**
 * A pitch's Markdown sections as draft history sees them, shared by the core (which restores
 * one section of an old version, and names sections in the summary of each version) and the
 * renderer (which offers "restore this section" for the sections both versions have). Both
 * must cut a pitch at exactly the same places, so the cutting lives here, pure, with no Node
 * or DOM imports.
 *
 * A section starts at a `#` or `##` heading (ATX, at most three spaces in, outside fenced code)
 * and runs to the next heading of the same or a higher level, so a `#` section holds its `##`
 * sections. Deeper headings (`###`…) are content: applicants restore "Budget", not one bullet of
 * it. Setext headings (a line underlined with `===`) are not sections here: templates do not
 * use them, and a `---` under a paragraph is as often meant as a rule.
 */

export interface PitchSection {
  /** The heading's text as written, without the `#`s; '' for the text before the first heading. */
  title: string
  /** 1 or 2; 0 for the text before the first heading. */
  depth: 0 | 1 | 2
  /** Offset of the heading line's first character (0 for the text before the first heading). */
  start: number
  /** Offset just past the section: the start of the next heading of the same or a higher level, or the end of the text. */
  end: number
  /** 0-based line of the heading (0 for the text before the first heading). */
  line: number
}

interface Heading {
  line: number
  offset: number
  depth: 1 | 2
  title: string
}

/** The offset where each line starts (`\n` ends a line; a `\r` before it stays part of the line). */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

/** The `#`/`##` headings of the text, outside fenced code. */
function headings(text: string, starts: readonly number[]): Heading[] {
  const found: Heading[] = []
  let fence: { char: string; length: number } | null = null
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i]!
    const to = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length
    const line = text.slice(from, to).replace(/\r$/, '')
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line)
    if (fence) {
      // A fence closes with the same character, at least as many, and nothing after them.
      if (marker && marker[1]![0] === fence.char && marker[1]!.length >= fence.length && marker[2]!.trim() === '') fence = null
      continue
    }
    if (marker && !(marker[1]![0] === '`' && marker[2]!.includes('`'))) {
      fence = { char: marker[1]![0]!, length: marker[1]!.length }
      continue
    }
    const heading = /^ {0,3}(#{1,2})(?:[ \t]+(.*))?$/.exec(line)
    if (!heading) continue
    // A closing run of #s (after a space) is markup, not part of the title.
    const title = (heading[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim()
    found.push({ line: i, offset: from, depth: heading[1]!.length as 1 | 2, title })
  }
  return found
}

/** The sections in the order they start; a `#` section's range includes the `##` sections inside it. */
export function pitchSections(text: string): PitchSection[] {
  const found = headings(text, lineStarts(text))
  const sections: PitchSection[] = []
  const firstOffset = found[0]?.offset ?? text.length
  if (firstOffset > 0) sections.push({ title: '', depth: 0, start: 0, end: firstOffset, line: 0 })
  found.forEach((heading, index) => {
    const next = found.slice(index + 1).find((later) => later.depth <= heading.depth)
    sections.push({ title: heading.title, depth: heading.depth, start: heading.offset, end: next?.offset ?? text.length, line: heading.line })
  })
  return sections
}

/**
 * For each line of the text (split at `\n`), the innermost section it belongs to: the index of
 * its title in `titles` ('' first, for the text before any heading). A heading line belongs to
 * the section it opens. What the summary of a version counts changed lines by.
 */
export function sectionOfEachLine(text: string): { titles: string[]; ofLine: number[]; headingLines: Set<number> } {
  const starts = lineStarts(text)
  const found = headings(text, starts)
  const titles = ['', ...found.map((heading) => heading.title)]
  const ofLine = new Array<number>(starts.length).fill(0)
  found.forEach((heading, index) => {
    const until = found[index + 1]?.line ?? starts.length
    for (let line = heading.line; line < until; line++) ofLine[line] = index + 1
  })
  return { titles, ofLine, headingLines: new Set(found.map((heading) => heading.line)) }
}

/** Headings match whatever their spacing and case: "## Budget " is the "budget" section. */
export function sectionKey(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase()
}

export type SectionLookup = { found: PitchSection } | { found: null; problem: 'missing' | 'ambiguous' }

/** The heading section named `title` (the text before the first heading has no name to ask for). */
export function findSection(text: string, title: string): SectionLookup {
  const key = sectionKey(title)
  const matches = key === '' ? [] : pitchSections(text).filter((section) => section.depth > 0 && sectionKey(section.title) === key)
  if (matches.length === 1) return { found: matches[0]! }
  return { found: null, problem: matches.length === 0 ? 'missing' : 'ambiguous' }
}

export type SectionReplacement = { ok: true; pitch: string } | { ok: false; message: string }

/**
 * `current` with its section `title` replaced by the same section of `old`: what "restore this
 * section" saves. Everything outside that section stays as it is now. A section that is missing
 * from either version, or that is there twice (which one would be meant?), is refused with a
 * sentence that says so.
 */
export function replaceSection(current: string, old: string, title: string): SectionReplacement {
  const name = title.trim()
  const now = findSection(current, name)
  const then = findSection(old, name)
  const refuse = (lookup: SectionLookup, where: string): SectionReplacement | null => {
    if (lookup.found) return null
    return {
      ok: false,
      message:
        lookup.problem === 'missing'
          ? `The section “${name}” is not in ${where}, so it cannot be restored on its own. Restore the whole version instead, or copy the text by hand.`
          : `There is more than one section called “${name}” in ${where}, so Grant Desk cannot tell which one to restore. Rename one of them, or restore the whole version.`,
    }
  }
  const refused = refuse(now, 'the draft as it is now') ?? refuse(then, 'that version')
  if (refused) return refused
  const target = (now as { found: PitchSection }).found
  const source = (then as { found: PitchSection }).found
  let text = old.slice(source.start, source.end)
  // The old section may have been the last, without a line break; here text follows it.
  if (target.end < current.length && !text.endsWith('\n')) text += '\n'
  return { ok: true, pitch: current.slice(0, target.start) + text + current.slice(target.end) }
}
