/**
 * markdownlint-style control comments:
 *   <!-- checklist-disable [rule-id …] -->            from here on (all rules when none named)
 *   <!-- checklist-enable [rule-id …] -->             undoes a disable from here on
 *   <!-- checklist-disable-next-line [rule-id …] -->  only the next line
 *   <!-- checklist-disable-line [rule-id …] -->       only this line
 * Findings are matched by their first line.
 */
const COMMENT = /<!--\s*checklist-(disable-next-line|disable-line|disable|enable)((?:\s+[A-Za-z0-9-]+)*)\s*-->/g

interface Change {
  line: number
  kind: 'disable' | 'enable'
  /** null: every rule. */
  ids: string[] | null
}

export interface InlineConfig {
  isSuppressed(ruleId: string, line: number): boolean
  /** Rule ids named in comments that no rule has, with the line of the comment. */
  unknownIds: Array<{ id: string; line: number; column: number }>
}

/** Whether a line may hold a control comment: most do not, and are not matched against COMMENT. */
export function mayHoldControlComment(text: string): boolean {
  return text.includes('checklist-')
}

/**
 * `mayHold`: `mayHoldControlComment`, or the same answer kept per line by a lint session (lint.ts),
 * which then reads only the lines a keystroke changed (a pasted image's line is tens of KB).
 */
export function readInlineConfig(
  lines: readonly string[],
  knownIds: ReadonlySet<string>,
  mayHold: (text: string) => boolean = mayHoldControlComment,
): InlineConfig {
  const changes: Change[] = []
  const lineOnly = new Map<number, Array<string[] | null>>()
  const unknownIds: InlineConfig['unknownIds'] = []
  lines.forEach((text, index) => {
    if (!mayHold(text)) return
    const line = index + 1
    for (const match of text.matchAll(COMMENT)) {
      const named = match[2]!.trim().split(/\s+/).filter(Boolean)
      for (const id of named) {
        if (!knownIds.has(id)) unknownIds.push({ id, line, column: (match.index ?? 0) + 1 })
      }
      const ids = named.length > 0 ? named : null
      const kind = match[1]!
      if (kind === 'disable' || kind === 'enable') changes.push({ line, kind, ids })
      else {
        const target = kind === 'disable-next-line' ? line + 1 : line
        lineOnly.set(target, [...(lineOnly.get(target) ?? []), ids])
      }
    }
  })
  return {
    unknownIds,
    isSuppressed(ruleId, line) {
      if (lineOnly.get(line)?.some((ids) => ids === null || ids.includes(ruleId))) return true
      let disabled = false
      for (const change of changes) {
        if (change.line > line) break
        if (change.ids === null || change.ids.includes(ruleId)) disabled = change.kind === 'disable'
      }
      return disabled
    },
  }
}
