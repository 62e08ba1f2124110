import { describe, expect, it } from 'vitest'
import { type SchemaField, customFieldProblems, fieldValueProblem, isBlank, isHttpUrl, isNumberText } from '../../../src/shared/api'

const URL_PROBLEM = 'must be a web address starting with http:// or https://'
const NUMBER_PROBLEM = 'must be a number, like 15000 or 15,000'
const UNKNOWN_KEY = 'is not a field of this grant’s application form'

function field(overrides: Partial<SchemaField> & Pick<SchemaField, 'type'>): SchemaField {
  return { name: 'f', label: 'Field', required: false, ...overrides }
}

const urlField = field({ name: 'repo_url', label: 'Repository URL', type: 'url' })
const numberField = field({ name: 'budget', label: 'Budget', type: 'number' })
const selectField = field({ name: 'category', label: 'Category', type: 'select', options: ['Tooling', 'Docs'] })
const textareaField = field({ name: 'plan', label: 'Plan', type: 'textarea' })

describe('isHttpUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'https://github.com/acme/tool',
    'HTTPS://EXAMPLE.COM/path?q=1#x',
    'http://localhost:8080/x',
    '  https://example.com  ',
  ])('accepts %j', (value) => {
    expect(isHttpUrl(value)).toBe(true)
  })

  it.each([
    'ftp://example.com/file',
    'javascript:alert(1)',
    'mailto:ada@example.com',
    'file:///etc/passwd',
    'example.com',
    'www.example.com/path',
    'https://',
    'http:/',
    'not a url',
    '',
    '   ',
  ])('rejects %j', (value) => {
    expect(isHttpUrl(value)).toBe(false)
  })
})

describe('isNumberText', () => {
  it.each(['1500', '15,000', '1,500,000', '1500.50', '15,000.75', '-3', '+3', '0', ' 1500 '])('accepts %j', (value) => {
    expect(isNumberText(value)).toBe(true)
  })

  it.each(['1,50', '15,00,0', ',150', '150,', 'abc', '1e5', '', '   ', '1.', '.5', '1 500', '12abc', '--3', '$1500'])('rejects %j', (value) => {
    expect(isNumberText(value)).toBe(false)
  })
})

describe('isBlank', () => {
  it('treats undefined, empty and whitespace as blank, anything else as filled', () => {
    expect(isBlank(undefined)).toBe(true)
    expect(isBlank('')).toBe(true)
    expect(isBlank(' \n\t')).toBe(true)
    expect(isBlank(' x ')).toBe(false)
  })
})

describe('fieldValueProblem', () => {
  it.each(['', '   '])('returns null for blank value %j whatever the type', (value) => {
    for (const f of [urlField, numberField, selectField, textareaField, field({ type: 'date' })]) {
      expect(fieldValueProblem(f, value)).toBeNull()
    }
  })

  it('url: null for an http(s) address, a message otherwise', () => {
    expect(fieldValueProblem(urlField, 'https://example.com')).toBeNull()
    expect(fieldValueProblem(urlField, 'http://example.com/x')).toBeNull()
    expect(fieldValueProblem(urlField, 'example.com')).toBe(URL_PROBLEM)
    expect(fieldValueProblem(urlField, 'javascript:alert(1)')).toBe(URL_PROBLEM)
    expect(fieldValueProblem(urlField, 'ftp://example.com')).toBe(URL_PROBLEM)
  })

  it('number: null for number text, a message otherwise', () => {
    expect(fieldValueProblem(numberField, '15,000')).toBeNull()
    expect(fieldValueProblem(numberField, '1500.50')).toBeNull()
    expect(fieldValueProblem(numberField, 'lots')).toBe(NUMBER_PROBLEM)
    expect(fieldValueProblem(numberField, '1e5')).toBe(NUMBER_PROBLEM)
  })

  it('select with options: null for one of them, a message listing them otherwise', () => {
    expect(fieldValueProblem(selectField, 'Tooling')).toBeNull()
    expect(fieldValueProblem(selectField, 'Docs')).toBeNull()
    expect(fieldValueProblem(selectField, 'Marketing')).toBe('must be one of: Tooling, Docs')
    expect(fieldValueProblem(selectField, 'tooling')).toBe('must be one of: Tooling, Docs')
    // Surrounding spaces are not a different choice, as for url and number values.
    expect(fieldValueProblem(selectField, ' Docs ')).toBeNull()
  })

  it('select without options (absent or empty): any value is fine', () => {
    const noOptions = field({ name: 'category', label: 'Category', type: 'select' })
    const emptyOptions = field({ name: 'category', label: 'Category', type: 'select', options: [] })
    expect(fieldValueProblem(noOptions, 'Anything at all')).toBeNull()
    expect(fieldValueProblem(emptyOptions, 'Anything at all')).toBeNull()
  })

  it('textarea: any text is fine', () => {
    expect(fieldValueProblem(textareaField, 'not a url, not a number: 1e5')).toBeNull()
  })

  it.each(['date', 'checkbox', 'something-new'])('unknown type %j: any text is fine', (type) => {
    expect(fieldValueProblem(field({ type }), 'whatever 1e5 example.com')).toBeNull()
  })
})

describe('customFieldProblems', () => {
  const schema: SchemaField[] = [
    { name: 'repo_url', label: 'Repository URL', type: 'url', required: true },
    { name: 'plan', label: 'Plan', type: 'textarea', required: false },
    { name: 'budget', label: 'Budget', type: 'number', required: false },
  ]

  it('returns {} when everything fits', () => {
    expect(customFieldProblems(schema, { repo_url: 'https://github.com/acme/tool', plan: 'Ship it', budget: '15,000' })).toEqual({})
  })

  it('returns {} when optional fields are empty or missing', () => {
    expect(customFieldProblems(schema, { repo_url: 'https://example.com', plan: '', budget: '  ' })).toEqual({})
    expect(customFieldProblems(schema, { repo_url: 'https://example.com' })).toEqual({})
  })

  it('returns {} for an empty schema and no values', () => {
    expect(customFieldProblems([], {})).toEqual({})
  })

  it('reports an unknown key as custom_fields.<key>', () => {
    expect(customFieldProblems(schema, { repo_url: 'https://example.com', twitter: '@acme' })).toEqual({
      'custom_fields.twitter': UNKNOWN_KEY,
    })
  })

  it('reports every key as unknown when the schema is empty', () => {
    expect(customFieldProblems([], { a: '1', b: '' })).toEqual({
      'custom_fields.a': UNKNOWN_KEY,
      'custom_fields.b': UNKNOWN_KEY,
    })
  })

  it('reports a missing required field with its label', () => {
    expect(customFieldProblems(schema, {})).toEqual({
      'custom_fields.repo_url': 'Repository URL is required',
    })
  })

  it.each(['', '   '])('reports a blank required field %j with its label', (value) => {
    expect(customFieldProblems(schema, { repo_url: value })).toEqual({
      'custom_fields.repo_url': 'Repository URL is required',
    })
  })

  it('falls back to the field name when the label is empty', () => {
    const unlabelled: SchemaField[] = [{ name: 'repo_url', label: '', type: 'url', required: true }]
    expect(customFieldProblems(unlabelled, {})).toEqual({ 'custom_fields.repo_url': 'repo_url is required' })
    expect(customFieldProblems(unlabelled, { repo_url: 'nope' })).toEqual({
      'custom_fields.repo_url': `repo_url ${URL_PROBLEM}`,
    })
  })

  it('reports a bad url with the label in the message', () => {
    expect(customFieldProblems(schema, { repo_url: 'github.com/acme/tool' })).toEqual({
      'custom_fields.repo_url': `Repository URL ${URL_PROBLEM}`,
    })
  })

  it('reports a bad value of an optional field too', () => {
    expect(customFieldProblems(schema, { repo_url: 'https://example.com', budget: 'a lot' })).toEqual({
      'custom_fields.budget': `Budget ${NUMBER_PROBLEM}`,
    })
  })

  it('reports a select value outside its options with the label', () => {
    const withSelect: SchemaField[] = [{ name: 'category', label: 'Category', type: 'select', required: true, options: ['Tooling', 'Docs'] }]
    expect(customFieldProblems(withSelect, { category: 'Marketing' })).toEqual({
      'custom_fields.category': 'Category must be one of: Tooling, Docs',
    })
    expect(customFieldProblems(withSelect, { category: 'Docs' })).toEqual({})
  })

  it('reports several problems at once', () => {
    expect(customFieldProblems(schema, { repo_url: '', budget: 'x', extra: 'y' })).toEqual({
      'custom_fields.extra': UNKNOWN_KEY,
      'custom_fields.repo_url': 'Repository URL is required',
      'custom_fields.budget': `Budget ${NUMBER_PROBLEM}`,
    })
  })

  it('reads only own keys: fields named like Object.prototype members work', () => {
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const optional: SchemaField[] = [{ name, label: name, type: 'url', required: false }]
      const required: SchemaField[] = [{ name, label: name, type: 'url', required: true }]
      expect(customFieldProblems(optional, {}), name).toEqual({})
      expect(customFieldProblems(required, {}), name).toEqual({ [`custom_fields.${name}`]: `${name} is required` })
    }
  })
})
