/** Loads checklist fixtures: a draft file (front matter + pitch), or a bare pitch with a default grant. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lint } from '../../src/shared/checklist'
import type { LintInput } from '../../src/shared/checklist'
import { parseDraftFile } from '../../src/shared/draft-file'
import type { LinkCheck } from '../../src/shared/ipc'

export const FIXTURES = join(process.cwd(), 'test/fixtures/checklist')

/** The grant of a bare-pitch fixture: free-form, 50,000 USDC, deadline far ahead. */
export const DEFAULT_GRANT = { title: 'Fixture grant', reward: '50,000 USDC', deadline: '2099-01-01T00:00:00.000Z' }

/**
 * What a link check found, for a fixture of a rule that reads one (links-answer): `<name>.links.json`
 * beside the fixture, a LinkCheck as the core answers it. None: no check was made.
 */
function fixtureLinks(path: string): Pick<LintInput, 'links'> {
  const file = path.replace(/\.md$/, '.links.json')
  return existsSync(file) ? { links: JSON.parse(readFileSync(file, 'utf8')) as LinkCheck } : {}
}

export function fixtureInput(path: string): LintInput {
  return { ...fixtureText(path), ...fixtureLinks(path) }
}

function fixtureText(path: string): LintInput {
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
