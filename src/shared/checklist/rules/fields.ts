/** Guidance: "Every approved proposal filled in … Guidance: fill every field, including optional ones." */
import { fieldValueProblem, isBlank } from '../../fields'
import { DOCUMENT_START } from '../topics'
import type { Rule, RuleContext, RuleFinding } from '../types'

function label(field: { label: string; name: string }): string {
  return field.label.trim() || field.name
}

export const requiredFields: Rule = {
  id: 'required-fields',
  title: 'Required fields filled',
  severity: 'error',
  description: 'Every required field of the application form has a value; the service refuses the application otherwise.',
  check({ schema, fields }: RuleContext): RuleFinding[] {
    if (schema === undefined) {
      return [{
        ...DOCUMENT_START,
        severity: 'info',
        message: 'The grant’s application form is not known, so its fields could not be checked.',
        hint: 'Open the grant once while online so its form is saved with the draft.',
      }]
    }
    return (schema ?? [])
      .filter((field) => field.required && isBlank(fields[field.name]))
      .map((field) => ({
        ...DOCUMENT_START,
        field: field.name,
        message: `The required field “${label(field)}” is empty.`,
        hint: `Fill in “${label(field)}” in the application form beside the editor; the service refuses applications without it.`,
      }))
  },
}

export const optionalFields: Rule = {
  id: 'optional-fields',
  title: 'Optional fields filled',
  severity: 'warning',
  description: 'Approved proposals fill every field, including optional ones (56–70% of approved proposals answered each optional question).',
  check({ schema, fields }: RuleContext): RuleFinding[] {
    const empty = (schema ?? []).filter((field) => !field.required && isBlank(fields[field.name]))
    // One cause, optional questions left unanswered: one group when there are several.
    const group = empty.length > 1 ? { id: 'optional-fields:empty', title: `${empty.length} optional fields are empty.` } : undefined
    return empty
      .map((field) => ({
        ...DOCUMENT_START,
        field: field.name,
        ...(group ? { group } : {}),
        message: `The optional field “${label(field)}” is empty.`,
        hint: `Fill in “${label(field)}” too: reviewers read a blank field as a missing answer, and approved proposals fill every field.`,
      }))
  },
}

export const fieldValues: Rule = {
  id: 'field-values',
  title: 'Field values well-formed',
  severity: 'error',
  description: 'Each filled field has the form its type asks for: a web address for url fields, a number for number fields, one of the choices for select fields.',
  check({ schema, fields }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    for (const field of schema ?? []) {
      const value = Object.hasOwn(fields, field.name) ? fields[field.name] : undefined
      if (value === undefined) continue
      const problem = fieldValueProblem(field, value)
      if (problem) {
        findings.push({
          ...DOCUMENT_START,
          field: field.name,
          message: `“${label(field)}” ${problem}.`,
          hint: field.type === 'url' ? `Paste the full address, e.g. https://github.com/you/project.` : `Correct “${label(field)}” in the application form.`,
        })
      }
    }
    return findings
  },
}
