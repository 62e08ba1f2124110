/** Guidance: "Checklist before submitting: no blank fields." Applied to the pitch's sections. */
import type { RootContent } from 'mdast'
import { plainText } from '../parse'
import { nodePosition, sectionPosition } from '../topics'
import { conflictMarkerLine } from '../../conflict-markers'
import type { Rule, RuleContext, RuleFinding } from '../types'

/** A node that shows nothing to a reader: a comment, or a table whose cells are all empty. */
function isEmptyNode(node: RootContent): boolean {
  if (node.type === 'html') return /^\s*<!--[\s\S]*-->\s*$/.test(node.value)
  if (node.type === 'table') return node.children.slice(1).every((row) => row.children.every((cell) => plainText(cell).trim() === ''))
  if (node.type === 'thematicBreak') return true
  return false
}

export const blankSection: Rule = {
  id: 'blank-section',
  title: 'No blank sections',
  severity: 'error',
  description: 'Every heading has content under it; a heading with only the template’s hint comment or an empty table is a blank answer.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    for (const section of doc.sections) {
      if (!section.heading) continue
      // A heading whose content is all in its subsections is judged by those subsections.
      const hasSubsections = section.nodes.some((node) => node.type === 'heading')
      if (section.ownNodes.every(isEmptyNode) && !hasSubsections) {
        findings.push({
          ...sectionPosition(section),
          message: `The section “${section.title || 'untitled'}” is empty.`,
          hint: 'Write this section, or remove the heading if the grant does not ask for it. The hint comment under it says what reviewers look for.',
        })
      }
    }
    return findings
  },
}

/** Text that templates use for "write here": [Your project name], <Project name>, TODO, TBD, lorem ipsum. */
const PLACEHOLDER = /\[(?:your|insert|add|describe|enter|name of|project name)[^[\]\n]*\]|<(?:your|insert|project name)[^<>\n]*>|\b(?:TODO|TBD|TBA|FIXME|XXX)\b|lorem ipsum/gi

export const templatePlaceholder: Rule = {
  id: 'template-placeholder',
  title: 'Template placeholders replaced',
  severity: 'error',
  description: 'No placeholder text of the template is left: bracketed prompts like “[Your project name]”, TODO/TBD markers, lorem ipsum, or empty rows of a template table.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    let fence = false
    doc.lines.forEach((text, index) => {
      if (/^ {0,3}(`{3,}|~{3,})/.test(text)) fence = !fence
      if (fence || /^\s*<!--/.test(text)) return
      for (const match of text.matchAll(PLACEHOLDER)) {
        const column = (match.index ?? 0) + 1
        findings.push({
          line: index + 1,
          column,
          endLine: index + 1,
          endColumn: column + match[0].length,
          message: `Placeholder text “${match[0]}” is still in the pitch.`,
          hint: 'Replace it with your own text before submitting.',
        })
      }
    })
    // Rows of a template table left empty while other rows are filled in.
    for (const node of doc.root.children) {
      if (node.type !== 'table') continue
      const rows = node.children.slice(1)
      const filled = rows.filter((row) => row.children.some((cell) => plainText(cell).trim() !== ''))
      if (filled.length === 0) continue // an all-empty table is a blank section's business
      for (const row of rows) {
        if (row.children.every((cell) => plainText(cell).trim() === '')) {
          findings.push({
            ...nodePosition(row),
            message: 'An empty row of the template’s table is left in.',
            hint: 'Fill the row in or delete it.',
          })
        }
      }
    }
    return findings
  },
}

export const mergeConflict: Rule = {
  id: 'merge-conflict',
  title: 'No git merge-conflict markers',
  severity: 'error',
  description: 'The pitch holds no block of <<<<<<< / ======= / >>>>>>> lines that git leaves when two people changed the same draft; reviewers would read both versions and the markers.',
  check({ doc }: RuleContext): RuleFinding[] {
    const line = conflictMarkerLine(doc.lines.join('\n'))
    if (line === null) return []
    const end = doc.lines.findIndex((text, index) => index >= line && /^>{7}(?:[ \t].*)?\r?$/.test(text))
    const endLine = end === -1 ? line : end + 1
    return [
      {
        line,
        column: 1,
        endLine,
        endColumn: (doc.lines[endLine - 1]?.length ?? 0) + 1,
        message: `Git merge-conflict markers from line ${line} to ${endLine}: two versions of this part are in the pitch.`,
        hint: 'Keep the version you want (or combine them), then delete the <<<<<<<, ======= and >>>>>>> lines.',
      },
    ]
  },
}
