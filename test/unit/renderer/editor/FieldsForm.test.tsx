// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { SchemaField } from '../../../../src/shared/api'
import { FieldsForm, RECOMMENDED_HINT, REQUIRED_MESSAGE } from '../../../../src/renderer/src/features/editor/FieldsForm'

const SCHEMA: SchemaField[] = [
  { name: 'project_name', label: 'Project name', type: 'text', required: true },
  { name: 'website', label: 'Website', type: 'url', required: false },
  { name: 'summary', label: 'Summary', type: 'textarea', required: false },
  { name: 'budget', label: 'Budget', type: 'number', required: false },
  { name: 'track', label: 'Track', type: 'select', required: false, options: ['Tooling', 'Research'] },
  { name: 'stage', label: 'Stage', type: 'select', required: false },
  { name: 'amount', label: 'Amount', type: 'currency', required: false },
  { name: 'repo', label: '', type: 'url', required: false },
]

function renderForm(values: Record<string, string> = {}, extra: { readOnly?: boolean; showRequired?: boolean } = {}) {
  const onChange = vi.fn()
  const view = render(<FieldsForm schema={SCHEMA} values={values} onChange={onChange} {...extra} />)
  return { onChange, ...view }
}

/** The texts that describe a control (error, hint), through its aria-describedby. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

describe('FieldsForm', () => {
  it('renders one labelled control per field type', () => {
    renderForm()
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Application fields')

    const name = screen.getByLabelText('Project name (required)')
    expect(name.tagName).toBe('INPUT')
    expect(name.getAttribute('type')).toBe('text')

    expect(screen.getByLabelText('Website').getAttribute('type')).toBe('url')

    const summary = screen.getByLabelText('Summary')
    expect(summary.tagName).toBe('TEXTAREA')
    expect(summary.getAttribute('rows')).toBe('4')

    const budget = screen.getByLabelText('Budget (number)')
    expect(budget.getAttribute('type')).toBe('text')
    expect(budget.getAttribute('inputmode')).toBe('decimal')

    const track = screen.getByLabelText('Track') as HTMLSelectElement
    expect(track.tagName).toBe('SELECT')
    expect([...track.options].map((o) => o.textContent)).toEqual(['Choose…', 'Tooling', 'Research'])
    expect(track.options[0]!.value).toBe('')

    // No options to offer: a text input that says what the form expected.
    const stage = screen.getByLabelText('Stage (select)')
    expect(stage.tagName).toBe('INPUT')
    expect(screen.getByLabelText('Amount (currency)').tagName).toBe('INPUT')

    // No label: the field's name stands in.
    expect(screen.getByLabelText('repo').getAttribute('type')).toBe('url')
  })

  it('marks required fields in the label and for assistive technology', () => {
    renderForm()
    const name = screen.getByLabelText('Project name (required)')
    expect(name.getAttribute('aria-required')).toBe('true')
    expect(name.hasAttribute('required')).toBe(true)
    const website = screen.getByLabelText('Website')
    expect(website.getAttribute('aria-required')).toBeNull()
    expect(website.hasAttribute('required')).toBe(false)
  })

  it('flags an empty required field only when asked to', () => {
    const { rerender, onChange } = renderForm()
    const name = screen.getByLabelText('Project name (required)')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    expect(description(name)).toBe('')

    rerender(<FieldsForm schema={SCHEMA} values={{}} onChange={onChange} showRequired />)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(description(name)).toBe(REQUIRED_MESSAGE)

    rerender(<FieldsForm schema={SCHEMA} values={{ project_name: 'Indexer' }} onChange={onChange} showRequired />)
    expect(name.getAttribute('aria-invalid')).toBeNull()
  })

  it('recommends filling empty optional fields, as a hint rather than an error', () => {
    renderForm({ summary: 'Done' })
    const website = screen.getByLabelText('Website')
    expect(website.getAttribute('aria-invalid')).toBeNull()
    expect(description(website)).toBe(RECOMMENDED_HINT)
    expect(description(screen.getByLabelText('Summary'))).toBe('')
  })

  it('flags a web address that is not one, and accepts an https address', () => {
    const { rerender, onChange } = renderForm({ website: 'example.org' })
    const website = screen.getByLabelText('Website')
    expect(website.getAttribute('aria-invalid')).toBe('true')
    expect(description(website)).toBe('must be a web address starting with http:// or https://')

    rerender(<FieldsForm schema={SCHEMA} values={{ website: 'https://example.org' }} onChange={onChange} />)
    expect(website.getAttribute('aria-invalid')).toBeNull()
    expect(description(website)).toBe('')
  })

  it('flags a number that is not one', () => {
    const { rerender, onChange } = renderForm({ budget: 'about 5k' })
    const budget = screen.getByLabelText('Budget (number)')
    expect(budget.getAttribute('aria-invalid')).toBe('true')
    expect(description(budget)).toBe('must be a number, like 15000 or 15,000')

    rerender(<FieldsForm schema={SCHEMA} values={{ budget: '15,000' }} onChange={onChange} />)
    expect(budget.getAttribute('aria-invalid')).toBeNull()
  })

  it('counts the words and characters of a textarea field, against its limit when the grant states one', () => {
    const { rerender, onChange } = renderForm({ summary: 'A kit for indexers.' })
    expect(screen.getByTestId('field-counts').textContent).toBe('4 words · 19 characters')

    const limited: SchemaField[] = [{ name: 'summary', label: 'Summary', type: 'textarea', required: false, max_length: 20 }]
    rerender(<FieldsForm schema={limited} values={{ summary: 'A kit for indexers.' }} onChange={onChange} />)
    const summary = screen.getByLabelText('Summary')
    expect(screen.getByTestId('field-counts').textContent).toBe('4 words · 19 of 20 characters')
    expect(summary.getAttribute('aria-invalid')).toBeNull()

    // Over the limit: the count says by how much, and the field is flagged as the service would refuse it.
    rerender(<FieldsForm schema={limited} values={{ summary: 'A kit for many indexers.' }} onChange={onChange} />)
    expect(screen.getByTestId('field-counts').textContent).toBe('5 words · 24 of 20 characters (4 too many)')
    expect(summary.getAttribute('aria-invalid')).toBe('true')
    expect(description(summary)).toBe('must be at most 20 characters (it has 24)')
  })

  it('keeps a choice the form no longer offers visible and flagged', () => {
    renderForm({ track: 'Hardware' })
    const track = screen.getByLabelText('Track') as HTMLSelectElement
    expect(track.value).toBe('Hardware')
    expect(track.getAttribute('aria-invalid')).toBe('true')
    expect(description(track)).toBe('must be one of: Tooling, Research')
  })

  it('reports every change as (name, value)', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    function Harness() {
      const [values, setValues] = useState<Record<string, string>>({})
      return (
        <FieldsForm
          schema={SCHEMA}
          values={values}
          onChange={(name, value) => {
            onChange(name, value)
            setValues((old) => ({ ...old, [name]: value }))
          }}
        />
      )
    }
    render(<Harness />)
    await user.type(screen.getByLabelText('Project name (required)'), 'Ab')
    expect(onChange).toHaveBeenLastCalledWith('project_name', 'Ab')
    await user.type(screen.getByLabelText('Summary'), 'x')
    expect(onChange).toHaveBeenLastCalledWith('summary', 'x')
    await user.selectOptions(screen.getByLabelText('Track'), 'Research')
    expect(onChange).toHaveBeenLastCalledWith('track', 'Research')
    expect((screen.getByLabelText('Track') as HTMLSelectElement).value).toBe('Research')
  })

  it('makes every control read-only, yet focusable, when read-only', async () => {
    const user = userEvent.setup()
    const { onChange } = renderForm({ project_name: 'Indexer', summary: 'Done', track: 'Research' }, { readOnly: true, showRequired: true })
    // A select can only be disabled, never read-only: none is rendered.
    expect(document.querySelectorAll('select').length).toBe(0)
    const controls = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    expect(controls.length).toBe(SCHEMA.length)
    for (const control of controls) {
      expect(control.disabled).toBe(false)
      expect(control.readOnly).toBe(true)
      expect(control.getAttribute('aria-readonly')).toBe('true')
    }

    // The chosen option reads as text under the same label.
    const track = screen.getByLabelText('Track') as HTMLInputElement
    expect(track.tagName).toBe('INPUT')
    expect(track.value).toBe('Research')

    const summary = screen.getByLabelText('Summary') as HTMLTextAreaElement
    await user.click(summary)
    expect(document.activeElement).toBe(summary)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Budget (number)'))

    await user.type(screen.getByLabelText('Website'), 'x')
    await user.type(summary, 'x')
    expect(onChange).not.toHaveBeenCalled()
    expect(summary.value).toBe('Done')
  })

  it('says a free-form application has no fields', () => {
    render(<FieldsForm schema={null} values={{}} onChange={() => {}} />)
    expect(screen.getByText('Free-form application: only the pitch is sent.')).toBeTruthy()
    expect(document.querySelectorAll('input, textarea, select').length).toBe(0)
  })
})
