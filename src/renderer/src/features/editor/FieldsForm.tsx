/**
 * The grant's application form, one control per schema field. Every problem it shows comes
 * from src/shared/fields.ts, the same rules the service applies: a value that does not fit its
 * field is flagged as soon as it is there (like the checklist beside it), an empty required
 * field once `showRequired` is set.
 */
import { useId } from 'react'
import type { SchemaField } from '../../../../shared/api'
import { fieldValueProblem, isBlank } from '../../../../shared/fields'
import './editor.css'

export interface FieldsFormProps {
  schema: SchemaField[] | null
  values: Record<string, string>
  onChange(name: string, value: string): void
  readOnly?: boolean
  showRequired?: boolean
}

export const REQUIRED_MESSAGE = 'Required: the grant will not accept the application without it.'
export const RECOMMENDED_HINT = 'Recommended — the guidance says fill every field, including optional ones.'

export function FieldsForm({ schema, values, onChange, readOnly = false, showRequired = false }: FieldsFormProps) {
  return (
    <section className="fields-form" aria-labelledby="fields-form-heading">
      <h2 id="fields-form-heading">Application fields</h2>
      {schema === null ? (
        <p>Free-form application: only the pitch is sent.</p>
      ) : (
        schema.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            // Own keys only: a field named `constructor` must not read Object.prototype.
            value={Object.hasOwn(values, field.name) ? (values[field.name] ?? '') : ''}
            onChange={onChange}
            readOnly={readOnly}
            showRequired={showRequired}
          />
        ))
      )}
    </section>
  )
}

type ControlKind = 'url' | 'textarea' | 'number' | 'select' | 'text'

function controlKind(field: SchemaField): ControlKind {
  switch (field.type) {
    case 'url':
    case 'textarea':
    case 'number':
      return field.type
    case 'select':
      return field.options && field.options.length > 0 ? 'select' : 'text'
    default:
      return 'text'
  }
}

/** "Budget (number) (required)", "Stage (select)": the type is said wherever the control cannot show it. */
function labelText(field: SchemaField, kind: ControlKind): string {
  const name = field.label || field.name
  const type = kind === 'number' ? ' (number)' : kind === 'text' && field.type !== 'text' ? ` (${field.type})` : ''
  return `${name}${type}${field.required ? ' (required)' : ''}`
}

interface FieldControlProps {
  field: SchemaField
  value: string
  onChange(name: string, value: string): void
  readOnly: boolean
  showRequired: boolean
}

function FieldControl({ field, value, onChange, readOnly, showRequired }: FieldControlProps) {
  const id = useId()
  const kind = controlKind(field)
  const blank = isBlank(value)
  // A read-only form (a submitted draft) cannot act on "fill this in": only a bad value is said.
  const problem = blank ? (field.required && showRequired && !readOnly ? REQUIRED_MESSAGE : null) : fieldValueProblem(field, value)
  const hint = blank && !field.required && !readOnly ? RECOMMENDED_HINT : null
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [problem ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined

  // Read-only rather than disabled: a submitted value can still be focused, read and copied.
  const common = {
    id,
    name: field.name,
    readOnly,
    'aria-readonly': readOnly ? ('true' as const) : undefined,
    required: field.required,
    'aria-required': field.required ? ('true' as const) : undefined,
    'aria-invalid': problem ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
  }
  const change = (event: { target: { value: string } }) => onChange(field.name, event.target.value)

  let control
  switch (kind) {
    case 'textarea':
      control = <textarea {...common} rows={4} value={value} onChange={change} />
      break
    case 'select': {
      // A select cannot be read-only (only disabled): the chosen value is shown as text instead.
      if (readOnly) {
        control = <input {...common} type="text" value={value} />
        break
      }
      const options = field.options ?? []
      // A value the form no longer offers (an older file, a hand edit) stays visible and flagged
      // instead of silently showing "Choose…".
      const stray = !blank && !options.includes(value)
      control = (
        <select {...common} value={value} onChange={change}>
          <option value="">Choose…</option>
          {stray && <option value={value}>{value}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )
      break
    }
    case 'url':
      control = <input {...common} type="url" value={value} onChange={change} placeholder="https://" />
      break
    case 'number':
      control = <input {...common} type="text" inputMode="decimal" value={value} onChange={change} />
      break
    case 'text':
      control = <input {...common} type="text" value={value} onChange={change} />
      break
  }

  return (
    <div className="field">
      <label htmlFor={id}>{labelText(field, kind)}</label>
      {control}
      {problem && (
        <p id={errorId} className="field-error">
          {problem}
        </p>
      )}
      {hint && (
        <p id={hintId} className="hint field-hint">
          {hint}
        </p>
      )}
    </div>
  )
}
