import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DRAFT_FORMAT, DraftFileError, parseDraftFile, serializeDraftFile } from '../../../src/shared/draft-file'
import { FIXTURES } from '../../support/checklist'

const good = readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')

describe('parseDraftFile', () => {
  it('reads the front matter and the pitch, and where the pitch starts', () => {
    const draft = parseDraftFile(good)
    expect(draft.frontMatter.format).toBe(DRAFT_FORMAT)
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
    ['another format', good.replace('format: grant-desk-draft/1', 'format: something-else/2'), 'format: must be "grant-desk-draft/1"'],
    ['a bad grant id', good.replace('id: 984805b6-25b5-4e62-a083-d5b38b15a948', 'id: 42'), 'grant.id: must be a UUID'],
    ['a bad status', good.replace('status: draft', 'status: sent'), 'status: must be "draft" or "submitted"'],
    ['a non-text field value', good.replace('project_name: Tracekit', 'project_name: [a, b]'), 'custom_fields.project_name: must be text'],
  ])('refuses %s with a reason', (_, text, reason) => {
    expect(() => parseDraftFile(text)).toThrow(DraftFileError)
    expect(() => parseDraftFile(text)).toThrow(reason)
  })
})
