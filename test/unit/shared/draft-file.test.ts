import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DRAFT_FORMAT,
  DraftFileError,
  LEGACY_DRAFT_FORMAT,
  parseDraftFile,
  readLooseDraft,
  serializeDraftFile,
  splitFrontMatter,
  topLevelKeys,
  upgradedFrontMatter,
} from '../../../src/shared/draft-file'
import { FIXTURES } from '../../support/checklist'

const good = readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')

describe('parseDraftFile', () => {
  it('reads the front matter and the pitch, and where the pitch starts', () => {
    const draft = parseDraftFile(good)
    // The fixture is a version 1 file: read as it is (see the migration tests below).
    expect(draft.frontMatter.format).toBe(LEGACY_DRAFT_FORMAT)
    expect(draft.frontMatter.grant.application_schema?.map((f) => f.type)).toEqual(['text', 'url', 'number'])
    expect(draft.frontMatter.custom_fields['project_name']).toBe('Tracekit')
    expect(draft.frontMatter.status).toBe('draft')
    expect(draft.pitch.startsWith('# Tracekit')).toBe(true)
    expect(good.split('\n')[draft.pitchLine - 1]).toBe('# Tracekit: a transaction tracing SDK for Arcadia')
  })

  it('round-trips through serializeDraftFile, keeping unknown keys and the pitch byte for byte', () => {
    const withExtra = good.replace('reviews: []', 'reviews: []\nteam_label: core-grants')
    const draft = parseDraftFile(withExtra)
    const again = parseDraftFile(serializeDraftFile(draft.frontMatter, draft.pitch))
    expect(again.frontMatter).toEqual(draft.frontMatter)
    expect((again.frontMatter as Record<string, unknown>)['team_label']).toBe('core-grants')
    expect(again.pitch).toBe(draft.pitch)
  })

  it('accepts CRLF line endings and a byte order mark', () => {
    const crlf = '\uFEFF' + good.replace(/\n/g, '\r\n')
    const draft = parseDraftFile(crlf)
    expect(draft.pitch.startsWith('# Tracekit')).toBe(true)
    expect(draft.frontMatter.grant.title).toBe('Arcadia SDK & Library Grants')
  })

  it.each([
    ['no front matter', '# Just a pitch', 'no front matter: the file must start with a line "---"'],
    ['an unclosed front matter', '---\nformat: grant-desk-draft/1\n# pitch', 'the front matter is not closed by a line "---"'],
    ['invalid YAML', '---\ngrant: [unclosed\n---\npitch', 'the front matter is not valid YAML'],
    ['a duplicate key', '---\nstatus: draft\nstatus: submitted\n---\n', 'the front matter is not valid YAML'],
    [
      'another format',
      good.replace('format: grant-desk-draft/1', 'format: something-else/2'),
      'format: must be "grant-desk-draft/2" (or "grant-desk-draft/1", which is read and upgraded)',
    ],
    ['a bad grant id', good.replace('id: 984805b6-25b5-4e62-a083-d5b38b15a948', 'id: 42'), 'grant.id: must be a UUID'],
    ['a bad status', good.replace('status: draft', 'status: sent'), 'status: must be "draft" or "submitted"'],
    ['a non-text field value', good.replace('project_name: Tracekit', 'project_name: [a, b]'), 'custom_fields.project_name: must be text'],
  ])('refuses %s with a reason', (_, text, reason) => {
    expect(() => parseDraftFile(text)).toThrow(DraftFileError)
    expect(() => parseDraftFile(text)).toThrow(reason)
  })

  it('names the first key a map holds twice, outer maps before what they hold, in lists and keys too, with its line', () => {
    const refused = (yaml: string) => {
      try {
        parseDraftFile(`---\n${yaml}---\npitch\n`)
      } catch (error) {
        expect(error).toBeInstanceOf(DraftFileError)
        return (error as Error).message
      }
      throw new Error('was read as a draft')
    }
    const unique = (line: number, key: string) => `the front matter is not valid YAML (line ${line}): Map keys must be unique ("${key}" appears twice)`
    // The outer map's own keys are looked at before the maps inside it.
    expect(refused('grant:\n  title: a\n  title: b\nstatus: draft\nstatus: sent\n')).toBe(unique(6, 'status'))
    // Then what it holds, in order: a map inside a list item, before a later key's map.
    expect(refused('grant:\n  application_schema:\n    - name: a\n      name: b\ncustom_fields:\n  x: 1\n  x: 2\n')).toBe(unique(5, 'name'))
    expect(refused('custom_fields: {x: 1, y: 2, y: 3}\n')).toBe(unique(2, 'y'))
    // A map used as a key is looked into too; two missing keys are one key twice.
    expect(refused('? {k: 1, k: 2}\n: v\n')).toBe(unique(2, 'k'))
    expect(refused('? \n: a\n? \n: b\n')).toBe('the front matter is not valid YAML (line 4): Map keys must be unique')
  })
})

describe('version 1 files', () => {
  const v1 = good.replace(
    'reviews: []',
    'reviews:\n  - author: Cy\n    created_at: 2026-11-01T10:00:00.000Z\n    body: Tighten the intro.\n  - just a string\n',
  )

  it('reads readable review entries, and lists the others with their position and reason', () => {
    const draft = parseDraftFile(v1)
    expect(draft.legacyReviews).toEqual([{ author: 'Cy', created_at: '2026-11-01T10:00:00.000Z', body: 'Tighten the intro.' }])
    expect(draft.unreadableReviews).toEqual([{ index: 1, reason: expect.stringContaining('expected object') }])
  })

  it('is written back as version 2 with only the unreadable entries kept, as they were', () => {
    const draft = parseDraftFile(v1)
    const upgraded = upgradedFrontMatter(draft)
    expect(upgraded.format).toBe(DRAFT_FORMAT)
    expect(upgraded.reviews).toEqual(['just a string'])
    const written = serializeDraftFile(upgraded, draft.pitch)
    expect(written.split('\n').slice(1, 2)).toEqual(['format: grant-desk-draft/2'])
    expect(parseDraftFile(written).pitch).toBe(draft.pitch)
    // Nothing left to keep: no reviews key at all.
    const clean = upgradedFrontMatter(parseDraftFile(good))
    expect('reviews' in clean).toBe(false)
  })
})

describe('a front matter without format: (issue 21)', () => {
  it('is split from the text after it, closed by "---" or "...", and unclosed is no front matter', () => {
    expect(splitFrontMatter('---\ntitle: A\n...\n# Pitch\n')).toEqual({ yamlText: 'title: A\n', body: '# Pitch\n', bodyLine: 4 })
    expect(splitFrontMatter('\uFEFF---\r\ngrant: {}\r\n---\r\nText')).toMatchObject({ body: 'Text', bodyLine: 4 })
    expect(splitFrontMatter('---\n# A pitch under a rule\n')).toBe('unclosed')
    expect(splitFrontMatter('# No front matter')).toBeNull()
  })

  it('lists its top-level keys by a scan of its lines, without parsing it', () => {
    expect(topLevelKeys('grant:\n  title: X\n  deadline: 2099-01-01\ncustom_fields: {}\n"quoted": 1\n- not: a key\n')).toEqual([
      'grant',
      'custom_fields',
      'quoted',
    ])
  })

  it('is read as a draft key by key: valid keys are used, each invalid key is reported, unknown keys listed', () => {
    const draft = readLooseDraft({
      grant: {
        title: 'Lumen Tooling',
        deadline: 'next Friday',
        application_schema: [{ name: 'project_name', label: 'Project name', type: 'text', required: true }],
      },
      custom_fields: { project_name: '' },
      status: 'Approved',
      project_kind: 'sdk',
      layout: 'post',
    })
    expect(draft.grant.title).toBe('Lumen Tooling')
    expect(draft.grant.application_schema?.[0]?.name).toBe('project_name')
    expect(draft.grant.deadline).toBeUndefined()
    expect(draft.custom_fields).toEqual({ project_name: '' })
    expect(draft.project_kind).toBe('sdk')
    expect(draft.status).toBeUndefined()
    expect(draft.problems.map((p) => p.key)).toEqual(['grant.deadline', 'status'])
    expect(draft.problems[1]!.message).toBe('must be "draft" or "submitted"')
    expect(draft.unknownKeys).toEqual(['layout'])
  })

  it('reports a grant that is not a mapping, and custom fields that are not text', () => {
    const draft = readLooseDraft({ grant: 'Lumen', custom_fields: { budget: 40000 } })
    expect(draft.problems).toEqual([
      { key: 'grant', message: expect.stringContaining('must be a mapping') },
      { key: 'custom_fields.budget', message: 'must be text' },
    ])
  })
})
