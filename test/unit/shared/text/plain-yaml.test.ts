import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDocument, stringify, type ToStringOptions } from 'yaml'
import { newRecordId, serializeRecord, type ReviewRecord } from '../../../../src/shared/review'
import { readPlainYaml } from '../../../../src/shared/text'
import { readsAsYaml } from '../../../support/plain-yaml'
import { seededRandom } from '../../../support/random'

/** Pieces of text that YAML treats specially somewhere, and plain ones. */
const PIECES = [
  'a',
  'Ab',
  'word',
  'z9',
  '0',
  '7',
  '42',
  '007',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\n  ',
  ':',
  ': ',
  ' #',
  '#',
  '-',
  '- ',
  '+',
  '.',
  '"',
  "'",
  "''",
  '\\',
  '\\n',
  '\\u00e9',
  '\\x41',
  '\t',
  '|',
  '|-',
  '|+',
  '>',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&a',
  '*a',
  '!',
  '!!str',
  '%',
  '@',
  '`',
  '~',
  '?',
  'true',
  'False',
  'null',
  'NULL',
  '.nan',
  '.inf',
  '-.inf',
  '0x1F',
  '0o7',
  '1e3',
  '1.5',
  '+1',
  '-3',
  '12345678901234567',
  'é',
  '日本',
  '😀',
  '\u00a0',
  '---',
  '...',
  '\r\n',
  '\r',
  '\u2028',
  '\u0085',
  '\ufeff',
  '\u0000',
  '__proto__',
  'key',
  'id',
]

function randomText(random: () => number, pieces: number): string {
  let text = ''
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(random() * PIECES.length)]
  return text
}

/** A random value of the kinds front matters and records hold: strings, numbers, booleans, null, maps and lists. */
function randomValue(random: () => number, depth: number): unknown {
  const r = random()
  if (depth < 3 && r < 0.15) {
    const map: Record<string, unknown> = {}
    for (let i = Math.floor(random() * 4); i >= 0; i--) map[randomKey(random)] = randomValue(random, depth + 1)
    return map
  }
  if (depth < 3 && r < 0.25) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1))
  if (r < 0.3) return Math.floor(random() * 1e6) * (random() < 0.2 ? -1 : 1)
  if (r < 0.33) return random() * 100
  if (r < 0.36) return random() < 0.5
  if (r < 0.39) return null
  return randomText(random, Math.floor(random() * 10))
}

/** A map at the top, as records and front matters have. */
function randomDocument(random: () => number): unknown {
  const value = randomValue(random, 0)
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value }
}

function randomKey(random: () => number): string {
  const keys = ['id', 'kind', 'body', 'note', 'project_name', 'github-repository', 'x', 'true', 'null', '__proto__', 'a b', '1', 'é', '']
  return random() < 0.8 ? keys[Math.floor(random() * keys.length)]! : randomText(random, 1 + Math.floor(random() * 3))
}

/** How the app writes YAML (records and front matter), and other ways a teammate's tool might. */
const WRITERS: ToStringOptions[] = [{ lineWidth: 0, blockQuote: 'literal' }, {}, { indent: 4, indentSeq: false }, { lineWidth: 20, minContentWidth: 0 }]

describe('readPlainYaml', () => {
  it.each([
    ['a: 1\n', { a: 1 }],
    ['a: b\nc:\n  d: e\n  f:\n    - g\n    - h: 1\n      i: true\n', { a: 'b', c: { d: 'e', f: ['g', { h: 1, i: true }] } }],
    ['body: |\n  one\n\n  two\nnext: ~\n', { body: 'one\n\ntwo\n', next: null }],
    ['body: |-\n  one\n\n\nnext: x\n', { body: 'one', next: 'x' }],
    ['body: |+\n  one\n\n\nnext: x\n', { body: 'one\n\n\n', next: 'x' }],
    ['body: |2\n    indented\n  plain\n', { body: '  indented\nplain\n' }],
    ['a: "say \\"hi\\"\\n"\nb: \'it\'\'s\'\nc: []\nd: {}\n', { a: 'say "hi"\n', b: "it's", c: [], d: {} }],
    ['tab: b\tc\n', { tab: 'b\tc' }],
    [
      'deadline: 2099-06-30T12:00:00.000Z\nreward: Up to 50,000 USD\nurl: https://example.org/a#b\n',
      { deadline: '2099-06-30T12:00:00.000Z', reward: 'Up to 50,000 USD', url: 'https://example.org/a#b' },
    ],
  ])('reads %j as yaml does', (text, value) => {
    expect(readPlainYaml(text)).toStrictEqual(value)
    expect(readsAsYaml(text)).toBe(true)
  })

  it.each([
    ['a comment', '# note\na: 1\n'],
    ['a key twice', 'a: 1\na: 2\n'],
    ['a folded scalar', 'a: >\n  b\n'],
    ['a flow map', 'a: {b: 1}\n'],
    ['an anchor and alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a float', 'a: 1.5\n'],
    ['a number with a leading zero', 'a: 007\n'],
    ['a number past 15 digits', 'a: 1234567890123456\n'],
    ['hex', 'a: 0x1F\n'],
    ['.inf', 'a: .inf\n'],
    ['a signed number', 'a: -3\n'],
    ['a plain scalar on two lines', 'a: one\n  two\n'],
    ['a quoted scalar on two lines', 'a: "one\n  two"\n'],
    ['a YAML-only escape', 'a: "\\x41"\n'],
    ['a tab after the colon', 'a:\tb\n'],
    ['a tab before a hash', 'a: b\t#c\n'],
    ['no final line break', 'a: 1'],
    ['CRLF line breaks', 'a: 1\r\nb: 2\r\n'],
    ['a document marker', '---\na: 1\n'],
    ['a second document', 'a: 1\n---\nb: 2\n'],
    ['a list at the top', '- a\n'],
    ['a list at its key’s indent', 'a:\n- b\n'],
    ['a key yaml reads as a boolean', 'true: 1\n'],
    ['the prototype’s key', '__proto__: 1\n'],
    ['a byte order mark', '\ufeffa: 1\n'],
    ['an indented start', '  a: 1\n'],
    ['a blank line longer than the literal’s indentation before its text', 'a: |\n     \n  b\n'],
  ])('leaves %s to yaml', (_, text) => {
    expect(readPlainYaml(text)).toBeUndefined()
  })

  it('reads what yaml reads, or nothing, on 20,000 generated documents written four ways (over half of them read)', () => {
    const random = seededRandom(20261130)
    let read = 0
    for (let i = 0; i < 5_000; i++) {
      const document = randomDocument(random)
      for (const options of WRITERS) if (readsAsYaml(stringify(document, options))) read++
    }
    // Most are read: the reader saves work only where it reads.
    expect(read).toBeGreaterThan(10_000)
  })

  it('reads what yaml reads, or nothing, on 30,000 damaged texts', () => {
    const random = seededRandom(7)
    let read = 0
    for (let i = 0; i < 30_000; i++) {
      let text = stringify(randomDocument(random), WRITERS[Math.floor(random() * WRITERS.length)])
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (text.length + 1))
        const cut = random() < 0.4 ? Math.floor(random() * 3) : 0
        text = text.slice(0, at) + (random() < 0.7 ? randomText(random, 1) : '') + text.slice(at + cut)
      }
      if (readsAsYaml(text)) read++
    }
    expect(read).toBeGreaterThan(5_000)
  })

  it('reads every record the app writes of ordinary text, and each as yaml does', () => {
    const random = seededRandom(11)
    const words = ['The', 'survey', 'of', '212', 'developers:', 'see', '#3', '"quoted"', "it's", '50%', '— dash', 'é', '1.5', 'true', 'null', '- item']
    const sentence = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => words[Math.floor(random() * words.length)]).join(' ')
    const paragraph = () => Array.from({ length: 1 + Math.floor(random() * 4) }, sentence).join(random() < 0.5 ? '\n' : '\n\n')
    for (let i = 0; i < 2_000; i++) {
      const at = new Date(Date.UTC(2026, 10, 20) + i * 1000)
      const base = { id: newRecordId(at, i.toString(16).padStart(8, '0')), created_at: at.toISOString(), author: sentence().slice(0, 40) || 'Ada' }
      const records: ReviewRecord[] = [
        { ...base, kind: 'thread', anchor: { target: 'draft' }, body: paragraph() },
        { ...base, kind: 'reply', thread: base.id, body: paragraph() },
        {
          ...base,
          kind: 'verdict',
          verdict: 'approve',
          note: sentence(),
          reviewed: { hash: 'a'.repeat(64), fields: { project_name: sentence(), amount: '42,000' }, pitch: `# ${sentence()}\n\n${paragraph()}\n` },
        },
      ]
      for (const record of records) expect(readsAsYaml(serializeRecord(record)), serializeRecord(record)).toBe(true)
    }
  })

  it('reads the front matter of a draft as the app writes it', () => {
    const draft = readFileSync(join(import.meta.dirname, '../../../fixtures/checklist/good-pitch.md'), 'utf8')
    const frontMatter = draft.slice(4, draft.indexOf('\n---\n') + 1)
    expect(readsAsYaml(frontMatter)).toBe(true)
    expect(readsAsYaml(stringify(parseDocument(frontMatter).toJS(), { lineWidth: 0, blockQuote: 'literal' }))).toBe(true)
  })
})
