/**
 * The checklist as a to-do list: findings grouped by the pitch section they are in (in the
 * pitch's order, which is the template's), a section not yet written as ONE item ("Write this
 * section", whatever else its empty heading trips), findings of one cause (`Finding.group`) as
 * one item with its parts, and the application fields' findings apart, each pointing at its field.
 */
import type { SchemaField } from '../../../../shared/api'
import type { Finding, LintResult, Severity } from '../../../../shared/checklist'

/** Rules about the application form whose findings may not name their field yet (older rules): the field is read from the message. */
const FIELD_RULE_IDS = new Set(['required-fields', 'optional-fields', 'field-values', 'blank-fields'])

export type ChecklistItem =
  | { kind: 'finding'; key: string; severity: Severity; finding: Finding; field: string | undefined }
  /** `field` is the group's first part's field; `partFields[i]` is part i's own (each part focuses its own field). */
  | { kind: 'group'; key: string; severity: Severity; title: string; parts: Finding[]; field: string | undefined; partFields: (string | undefined)[] }
  /** A section the applicant has not written yet: its findings wait behind one to-do. */
  | { kind: 'write'; key: string; severity: Severity; section: string; prompt: string | undefined; line: number; endLine: number; parts: Finding[] }

export interface ChecklistBlock {
  key: string
  /** The section's heading; null for findings about the pitch as a whole, or the fields. */
  title: string | null
  kind: 'pitch' | 'section' | 'fields'
  /** Sections only: written by the applicant. */
  written?: boolean
  items: ChecklistItem[]
}

export interface ChecklistView {
  /** Null when the pitch has no sections to count. */
  progress: { written: number; total: number } | null
  blocks: ChecklistBlock[]
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 }

function worst(findings: readonly Finding[]): Severity {
  return findings.reduce<Severity>((most, finding) => (RANK[finding.severity] < RANK[most] ? finding.severity : most), 'info')
}

function fieldLabel(field: SchemaField): string {
  return field.label.trim() || field.name
}

/** The application field a finding is about: its own `field`, or (older field rules) the field its message quotes. */
export function fieldOf(finding: Finding, schema: readonly SchemaField[] | null | undefined): string | undefined {
  if (finding.field !== undefined) return finding.field
  if (!FIELD_RULE_IDS.has(finding.ruleId) || !schema) return undefined
  return schema.find((field) => finding.message.includes(`“${fieldLabel(field)}”`))?.name
}

function isFieldFinding(finding: Finding, schema: readonly SchemaField[] | null | undefined): boolean {
  return finding.field !== undefined || (FIELD_RULE_IDS.has(finding.ruleId) && fieldOf(finding, schema) !== undefined)
}

/** One item per finding, except that findings sharing a group become one item (placed where its first part is). */
function itemsOf(findings: readonly Finding[], schema: readonly SchemaField[] | null | undefined): ChecklistItem[] {
  const items: ChecklistItem[] = []
  const groups = new Map<string, Extract<ChecklistItem, { kind: 'group' }>>()
  findings.forEach((finding, index) => {
    const group = finding.group
    if (group) {
      const existing = groups.get(group.id)
      if (existing) {
        existing.parts.push(finding)
        existing.partFields.push(fieldOf(finding, schema))
        existing.severity = worst(existing.parts)
        return
      }
      const item = {
        kind: 'group' as const,
        key: `group:${group.id}`,
        severity: finding.severity,
        title: group.title,
        parts: [finding],
        field: fieldOf(finding, schema),
        partFields: [fieldOf(finding, schema)],
      }
      groups.set(group.id, item)
      items.push(item)
      return
    }
    items.push({
      kind: 'finding',
      key: `${finding.ruleId}:${finding.line}:${finding.column}:${index}`,
      severity: finding.severity,
      finding,
      field: fieldOf(finding, schema),
    })
  })
  // A group of one is just its finding.
  const flat = items.map((item): ChecklistItem =>
    item.kind === 'group' && item.parts.length === 1
      ? { kind: 'finding', key: item.key, severity: item.severity, finding: item.parts[0]!, field: item.field }
      : item,
  )
  // Stable: within a severity, the pitch's order.
  return flat.sort((a, b) => RANK[a.severity] - RANK[b.severity])
}

export function checklistView(result: LintResult, schema?: readonly SchemaField[] | null): ChecklistView {
  const sections = result.sections ?? []
  const bySection = new Map<string, Finding[]>()
  const whole: Finding[] = []
  const fields: Finding[] = []
  for (const finding of result.findings) {
    if (isFieldFinding(finding, schema)) fields.push(finding)
    else if (finding.section !== undefined && sections.some((section) => section.title === finding.section)) {
      const list = bySection.get(finding.section) ?? []
      list.push(finding)
      bySection.set(finding.section, list)
    } else whole.push(finding)
  }

  const blocks: ChecklistBlock[] = []
  if (whole.length > 0) blocks.push({ key: 'pitch', title: null, kind: 'pitch', items: itemsOf(whole, schema) })
  const seen = new Set<string>()
  sections.forEach((section, index) => {
    // Two sections with one heading text share their findings: shown once, at the first.
    const found = seen.has(section.title) ? [] : (bySection.get(section.title) ?? [])
    seen.add(section.title)
    const items: ChecklistItem[] =
      !section.written && found.length > 0
        ? [
            {
              kind: 'write',
              key: `write:${index}`,
              severity: worst(found),
              section: section.title,
              prompt: section.prompt,
              line: section.line,
              endLine: section.line,
              parts: found,
            },
          ]
        : itemsOf(found, schema)
    blocks.push({ key: `section:${index}`, title: section.title, kind: 'section', written: section.written, items })
  })
  if (fields.length > 0) blocks.push({ key: 'fields', title: null, kind: 'fields', items: itemsOf(fields, schema) })

  const written = sections.filter((section) => section.written).length
  return { progress: sections.length > 0 ? { written, total: sections.length } : null, blocks }
}
