/**
 * `DraftStore.merge`: a save that meets a change made elsewhere merges three-way from the text
 * the editor started from, on real files. Fields merge one by one, the pitch line by line.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { GrantDetail } from '../../../../../src/shared/api'
import { parseDraftFile, serializeDraftFile } from '../../../../../src/shared/draft-file'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import { AppFailure, silentLogger } from '../../../../../src/main/core/errors'
import { tempDir } from '../../../../support/service'

const GRANT: GrantDetail = {
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Merge draft',
  description: '',
  reward: '1 USDC',
  deadline: '2099-01-01T00:00:00.000Z',
  application_schema: [
    { name: 'project_name', label: 'Project name', type: 'text', required: true },
    { name: 'budget', label: 'Budget', type: 'text', required: false },
  ],
  template_md: '# Merge\n\nAlpha.\n\nMiddle.\n\nBeta.\n',
  _apply_endpoint: 'POST /api/build/33333333-3333-4333-8333-333333333333/apply',
}

async function setUp() {
  const folder = tempDir('grant-desk-merge-drafts-')
  const store = new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir: tempDir('grant-desk-merge-trash-'), log: silentLogger })
  const draft = await store.create({ grant: GRANT, grantType: 'grant', customFields: { project_name: 'Tracekit', budget: '10' } })
  /** A teammate's save, written as another program would: straight to the file. */
  const theirs = (pitch: string, fields: Record<string, string>) => {
    const file = parseDraftFile(readFileSync(draft.path, 'utf8'))
    writeFileSync(draft.path, serializeDraftFile({ ...file.frontMatter, custom_fields: fields, updated_at: '2026-11-26T03:00:00.000Z' }, pitch))
  }
  const base = { pitch: draft.pitch, customFields: draft.customFields }
  return { store, draft, theirs, base }
}

describe('DraftStore.merge', () => {
  it('is a plain save while the file is still at the base version', async () => {
    const { store, draft, base } = await setUp()
    const result = await store.merge({ id: draft.id, pitch: 'Mine.\n', customFields: base.customFields, baseVersion: draft.version, base })
    expect(result.outcome).toBe('saved')
    expect(parseDraftFile(readFileSync(draft.path, 'utf8')).pitch).toBe('Mine.\n')
  })

  it('saves both sides when they changed different paragraphs and different fields', async () => {
    const { store, draft, theirs, base } = await setUp()
    theirs(draft.pitch.replace('Beta.', 'Beta, theirs.'), { project_name: 'Tracekit', budget: '20' })
    const result = await store.merge({
      id: draft.id,
      pitch: draft.pitch.replace('Alpha.', 'Alpha, mine.'),
      customFields: { project_name: 'Tracekit 2', budget: '10' },
      baseVersion: draft.version,
      base,
    })
    expect(result.outcome).toBe('merged')
    const file = parseDraftFile(readFileSync(draft.path, 'utf8'))
    expect(file.pitch).toBe('# Merge\n\nAlpha, mine.\n\nMiddle.\n\nBeta, theirs.\n')
    expect(file.frontMatter.custom_fields).toEqual({ project_name: 'Tracekit 2', budget: '20' })
    if (result.outcome === 'merged') expect(result.draft.pitch).toBe(file.pitch)
  })

  it('answers overlapping edits and a field changed on both sides as one conflict, writing nothing', async () => {
    const { store, draft, theirs, base } = await setUp()
    theirs(draft.pitch.replace('Middle.', 'Middle, theirs.'), { project_name: 'Theirs', budget: '10' })
    const before = readFileSync(draft.path, 'utf8')
    const result = await store.merge({
      id: draft.id,
      pitch: draft.pitch.replace('Middle.', 'Middle, mine.'),
      customFields: { project_name: 'Mine', budget: '15' },
      baseVersion: draft.version,
      base,
    })
    expect(result.outcome).toBe('conflict')
    if (result.outcome !== 'conflict') return
    const { conflict } = result
    expect(conflict.source).toBe('save')
    expect(conflict.pitch.conflicted).toBe(true)
    expect(conflict.pitch.hunks).toContainEqual({ kind: 'conflict', base: 'Middle.\n', ours: 'Middle, mine.\n', theirs: 'Middle, theirs.\n' })
    expect(conflict.fields).toEqual([{ name: 'project_name', label: 'Project name', base: 'Tracekit', ours: 'Mine', theirs: 'Theirs' }])
    // The budget changed on one side only: it merged.
    expect(conflict.mergedFields.budget).toBe('15')
    expect(readFileSync(draft.path, 'utf8')).toBe(before)
    // Finishing names the file's version: a plain save from it goes through.
    const saved = await store.save({ id: draft.id, pitch: 'Resolved.\n', customFields: { project_name: 'Mine', budget: '15' }, baseVersion: conflict.version })
    expect(saved.pitch).toBe('Resolved.\n')
  })

  it('refuses to merge into a draft submitted elsewhere', async () => {
    const { store, draft, base } = await setUp()
    await store.markSubmitted(draft.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7')
    const error = await store.merge({ id: draft.id, pitch: 'Mine.\n', customFields: {}, baseVersion: draft.version, base }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppFailure)
    expect((error as AppFailure).code).toBe('invalid_input')
  })
})
