/**
 * What a value of an application-schema field must look like. One definition: the sandbox
 * enforces it on apply, and the app checks the same rule while the applicant types.
 */
import type { SchemaField } from './resources'

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/** `1500`, `1,500`, `1500.50`, `-3`: what a person types as a number. */
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/

export function isNumberText(value: string): boolean {
  return NUMBER.test(value.trim())
}

export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === ''
}

/**
 * Why a filled-in value does not fit its field, or null when it does. Blank values are the
 * business of the required check (`missingRequired`), not of this one.
 */
export function fieldValueProblem(field: SchemaField, value: string): string | null {
  if (isBlank(value)) return null
  if (field.max_length !== undefined && value.length > field.max_length) {
    return `must be at most ${field.max_length.toLocaleString('en-US')} characters (it has ${value.length.toLocaleString('en-US')})`
  }
  switch (field.type) {
    case 'url':
      return isHttpUrl(value) ? null : 'must be a web address starting with http:// or https://'
    case 'number':
      return isNumberText(value) ? null : 'must be a number, like 15000 or 15,000'
    case 'select':
      return field.options && field.options.length > 0 && !field.options.includes(value.trim()) ? `must be one of: ${field.options.join(', ')}` : null
    default:
      return null
  }
}

/**
 * Every problem of a set of custom fields against a grant's schema, keyed
 * `custom_fields.<name>`; an empty object when they fit.
 */
export function customFieldProblems(schema: readonly SchemaField[], values: Readonly<Record<string, string>>): Record<string, string> {
  const problems: Record<string, string> = {}
  const known = new Map(schema.map((field) => [field.name, field]))
  for (const name of Object.keys(values)) {
    if (!known.has(name)) problems[`custom_fields.${name}`] = 'is not a field of this grant’s application form'
  }
  for (const field of schema) {
    // Own keys only: a field named `constructor` or `toString` must not read Object.prototype.
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined
    if (field.required && isBlank(value)) {
      problems[`custom_fields.${field.name}`] = `${field.label || field.name} is required`
      continue
    }
    const problem = value === undefined ? null : fieldValueProblem(field, value)
    if (problem) problems[`custom_fields.${field.name}`] = `${field.label || field.name} ${problem}`
  }
  return problems
}
