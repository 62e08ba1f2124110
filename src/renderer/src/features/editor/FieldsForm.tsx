/**
 * The grant's application form, one control per schema field. Every problem it shows comes
 * from src/shared/api/fields.ts, the same rules the service applies: a value that does not fit its
 * field is flagged as soon as it is there (like the checklist beside it), an empty required
 * field once `showRequired` is set.
 */
import { useId } from 'react'
import { type SchemaField, fieldValueProblem, isBlank } from '../../../../shared/api'
import { countText, describeCounts } from './textCounts'
import './editor.css'

export interface FieldsFormProps {
  schema: SchemaField[] | null
  values: Record<string, string>
  onChange: (name: string, value: string) => void
  readOnly?: boolean
  showRequired?: boolean
  /**
   * The team review's Comment on a field: `selection` is the selected part of its value (offsets
   * in it), null when nothing is selected or the control has no selection (a select, a url).
   */
  onComment?: (name: string, selection: { start: number; end: number } | null) => void
  /** Open review threads per field name, said beside its Comment button. */
  openThreads?: Readonly<Record<string, number>>
}

export const REQUIRED_MESSAGE = 'Required: the grant will not accept the application without it.'
export const RECOMMENDED_HINT = 'Recommended — the guidance says fill every field, including optional ones.'

export function FieldsForm({ schema, values, onChange, readOnly = false, showRequired = false, onComment, openThreads }: FieldsFormProps) {
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
            onComment={onComment}
            openThreads={openThreads && Object.hasOwn(openThreads, field.name) ? (openThreads[field.name] ?? 0) : 0}
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
  onChange: (name: string, value: string) => void
  readOnly: boolean
  showRequired: boolean
  onComment: FieldsFormProps['onComment']
  openThreads: number
}

/** The selected part of an input's or textarea's value; null for a select, a url field (no selection there) or nothing selected. */
function selectionIn(element: HTMLElement | null): { start: number; end: number } | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null
  try {
    const { selectionStart: start, selectionEnd: end } = element
    return start !== null && end !== null && start !== end ? { start: Math.min(start, end), end: Math.max(start, end) } : null
  } catch {
    return null
  }
}

function FieldControl({ field, value, onChange, readOnly, showRequired, onComment, openThreads }: FieldControlProps) {
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
      control = (
        <>
          <textarea {...common} rows={4} value={value} onChange={change} />
          <FieldCounts value={value} maxLength={field.max_length} />
        </>
      )
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

  const name = field.label || field.name
  return (
    <div className="field">
      {onComment ? (
        <div className="field-label-row">
          <label htmlFor={id}>{labelText(field, kind)}</label>
          <button
            type="button"
            className="link field-comment"
            aria-label={`Comment on ${name}${openThreads > 0 ? ` (${openThreads} open)` : ''}`}
            // Keeps the field's selection: it is what the comment quotes.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onComment(field.name, selectionIn(document.getElementById(id)))}
          >
            Comment{openThreads > 0 ? ` (${openThreads})` : ''}
          </button>
        </div>
      ) : (
        <label htmlFor={id}>{labelText(field, kind)}</label>
      )}
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

/** Words and characters of a textarea field, against its limit when the grant states one. */
function FieldCounts({ value, maxLength }: { value: string; maxLength: number | undefined }) {
  // Counted as the service counts a limit: every character of the value.
  const counts = { words: countText(value).words, characters: value.length }
  const over = maxLength !== undefined && counts.characters > maxLength
  return (
    <p className={over ? 'field-counts field-counts-over' : 'field-counts'} data-testid="field-counts">
      {describeCounts(counts, maxLength)}
    </p>
  )
}
