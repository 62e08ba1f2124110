/**
 * Which application fields differ between two versions, named and ordered as the form names
 * and orders them: the review's "changes since the approval" and the history's comparison
 * both show this list.
 */
import type { SchemaField } from '../../../shared/api'

export interface FieldChange {
  name: string
  label: string
  before: string
  after: string
}

/** The fields whose value differs between `before` and `after` (a missing field and an empty one are the same). */
export function changedFields(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
  schema: readonly SchemaField[] | null,
): FieldChange[] {
  const labels = new Map((schema ?? []).map((field) => [field.name, field.label || field.name]))
  const order = new Map((schema ?? []).map((field, index) => [field.name, index]))
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const value = (values: Readonly<Record<string, string>>, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : '')
  return names
    .filter((name) => value(before, name) !== value(after, name))
    .sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b))
    .map((name) => ({ name, label: labels.get(name) ?? name, before: value(before, name), after: value(after, name) }))
}
