/** Loads checklist fixtures: a draft file (front matter + pitch), or a bare pitch with a default grant. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lint } from '../../src/shared/checklist'
import type { LintInput } from '../../src/shared/checklist'
import { parseDraftFile } from '../../src/shared/draft-file'

export const FIXTURES = join(process.cwd(), 'test/fixtures/checklist')

/** The grant of a bare-pitch fixture: free-form, 50,000 USDC, deadline far ahead. */
export const DEFAULT_GRANT = { title: 'Fixture grant', reward: '50,000 USDC', deadline: '2099-01-01T00:00:00.000Z' }

export function fixtureInput(path: string): LintInput {
  const text = readFileSync(path, 'utf8')
  if (!text.startsWith('---')) return { pitch: text, schema: null, fields: {}, grant: DEFAULT_GRANT }
  const draft = parseDraftFile(text)
  return {
    pitch: draft.pitch,
    fields: draft.frontMatter.custom_fields,
    schema: draft.frontMatter.grant.application_schema,
    grant: draft.frontMatter.grant,
    projectKind: draft.frontMatter.project_kind,
  }
}

export function lintFixture(path: string) {
  return lint(fixtureInput(path))
}
