/** Guidance: "Every approved proposal filled in … Guidance: fill every field, including optional ones." */
import { type SchemaField, fieldValueProblem, isBlank } from '../../api'
import { stripInline, type PitchDocument } from '../parse'
import { DOCUMENT_START } from '../topics'
import type { Rule, RuleContext, RuleFinding } from '../types'
import { linkKind, linksIn } from './content/links'

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
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: 'The grant’s application form is not known, so its fields could not be checked.',
          hint: 'Open the grant once while online so its form is saved with the draft.',
        },
      ]
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

/** Words that name the same field in a pitch's label lines: a team's name is also its company's or organisation's. */
const SAME_FIELD: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:team|company|organi[sz]ation|org|entity|legal entity)$/, '(?:team|company|organi[sz]ation|org|entity|legal entity)'],
]
const REPOSITORY_FIELD = /repo|repository|github|source|code/i
/** A label's value that answers nothing: "N/A", "Not used", "-", "TBD". */
const NO_ANSWER = /^(?:n\/?a|none|not used|not applicable|-+|—|tbd|tba)\.?$/i

/**
 * The answer to an empty field that the pitch itself gives: a label line or details key named
 * like the field ("**Team Name:** Atlas Labs", "company_name: Atlas Labs", "- Organization Name:
 * …"), or, for a repository field, a link to a repository. null when the pitch gives none.
 */
function answeredInPitch(doc: PitchDocument, field: SchemaField): { value: string; none: boolean } | null {
  const words = `${field.label || field.name}`.replace(/[_-]+/g, ' ').trim().toLowerCase().split(/\s+/)
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const head = words[0] ?? ''
  const alike = SAME_FIELD.find(([pattern]) => pattern.test(head))?.[1] ?? escape(head)
  const rest = words.slice(1).map(escape).join('[ _-]')
  // "Team name" is labelled "Team", "Company" or "Org" as often as "Team name".
  const name = `${alike}${rest === 'name' ? '(?:[ _-]name)?' : rest ? `[ _-]${rest}` : ''}`
  const answer = (raw: string) => {
    const value = stripInline(raw).trim()
    return value ? { value, none: NO_ANSWER.test(value) } : null
  }
  const key = new RegExp(`^${name}$`, 'i')
  for (const detail of doc.details) if (key.test(detail.key.replace(/\s+/g, ' ')) && detail.value) return answer(detail.value)
  // "**Team Name:** Atlas Labs", "- Organization Name: …", or a row "| Org | Atlas Labs |" of a details table.
  const line = new RegExp(`^[ \\t>*+-]*(?:\\*\\*|__)?[ \\t]*${name}[ \\t]*(?:\\*\\*|__)?[ \\t]*:[ \\t]*(?:\\*\\*|__)?[ \\t]*(\\S[^\\n]{0,120})$`, 'im')
  const row = new RegExp(`^[ \\t]*\\|[ \\t]*(?:\\*\\*|__)?[ \\t]*${name}[ \\t]*(?:\\*\\*|__)?[ \\t]*:?[ \\t]*\\|[ \\t]*([^|\\n]{1,120}?)[ \\t]*\\|`, 'im')
  const m = line.exec(doc.source) ?? row.exec(doc.source)
  if (m) {
    const found = answer(m[1]!)
    if (found) return found
  }
  if (field.type === 'url' && REPOSITORY_FIELD.test(`${field.name} ${field.label}`)) {
    const repo = linksIn(doc.source).find((url) => linkKind(url) === 'repository')
    if (repo) return { value: repo, none: false }
  }
  return null
}

export const optionalFields: Rule = {
  id: 'optional-fields',
  title: 'Optional fields filled',
  severity: 'warning',
  description:
    'Approved proposals fill every field, including optional ones (56–70% of approved proposals answered each optional question). A field the pitch itself answers (a label line named like it, a repository link) is a “Note”, with the answer to copy.',
  check({ schema, fields, doc }: RuleContext): RuleFinding[] {
    const empty = (schema ?? []).filter((field) => !field.required && isBlank(fields[field.name]))
    // One cause, optional questions left unanswered: one group when there are several.
    const group = empty.length > 1 ? { id: 'optional-fields:empty', title: `${empty.length} optional fields are empty.` } : undefined
    return empty.map((field) => {
      const answer = answeredInPitch(doc, field)
      const shown = answer && answer.value.length > 80 ? `${answer.value.slice(0, 79)}…` : answer?.value
      return {
        ...DOCUMENT_START,
        field: field.name,
        ...(group ? { group } : {}),
        // The reviewer finds the answer (or that there is none) in the pitch; the form only lacks its copy.
        ...(answer ? { severity: 'info' as const } : {}),
        message: !answer
          ? `The optional field “${label(field)}” is empty.`
          : answer.none
            ? `The optional field “${label(field)}” is empty; the pitch says there is none (“${shown}”).`
            : `The optional field “${label(field)}” is empty, though the pitch gives it (“${shown}”).`,
        hint: !answer
          ? `Fill in “${label(field)}” too: reviewers read a blank field as a missing answer, and approved proposals fill every field.`
          : answer.none
            ? `Write “${shown}” in “${label(field)}” too, so the form does not read as a question left out.`
            : `Copy it into “${label(field)}” in the application form (if it is the right answer), so the service receives it with the application.`,
      }
    })
  },
}

export const fieldValues: Rule = {
  id: 'field-values',
  title: 'Field values well-formed',
  severity: 'error',
  description:
    'Each filled field has the form its type asks for: a web address for url fields, a number for number fields, one of the choices for select fields.',
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

export const blankFields: Rule = {
  id: 'blank-fields',
  title: 'No field left blank',
  severity: 'warning',
  description:
    'A field the draft holds but left empty (`team_members: ""`) is a question left unanswered, whether or not the grant’s form is known: approved proposals fill every field. Fields of a known form are judged by required-fields and optional-fields; this rule reports the others.',
  check({ schema, fields }: RuleContext): RuleFinding[] {
    const known = new Set((schema ?? []).map((field) => field.name))
    const blank = Object.keys(fields).filter((name) => !known.has(name) && isBlank(fields[name]))
    const group = blank.length > 1 ? { id: 'blank-fields:empty', title: `${blank.length} fields are empty.` } : undefined
    return blank.map((name) => ({
      ...DOCUMENT_START,
      field: name,
      ...(group ? { group } : {}),
      message: `The field “${name}” is empty.`,
      hint: `Fill in “${name}”, or remove it from the draft if the grant does not ask for it: reviewers read a blank field as a missing answer.`,
    }))
  },
}
