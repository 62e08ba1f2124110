/**
 * "Check links" through a real core (the one the desktop app and the browser host run), over
 * the contract's validation as the renderer calls it: the links of the editor's text are asked
 * of a real local server, the answer feeds the checklist as the editor feeds it, answers are
 * kept a day in the data folder, and the opt-in setting is saved.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { lint } from '../../../../../src/shared/checklist'
import { LINK_CACHE_FILE } from '../../../../../src/main/core/links'
import { coreTest } from '../../../../support/core-test'
import { type LinkServer, startLinkServer } from '../../../../support/link-server'

let server: LinkServer

beforeAll(async () => {
  server = await startLinkServer()
})
afterAll(async () => {
  await server.close()
})

const pitch = (base: string) => `# Faucet

## Team

- Ada Okafor, lead: [ada-l’s profile](${base}/missing). Built [lumen-faucet](${base}/moved), used by 40 teams.
`

coreTest('links.check asks the links of the pitch and fields, and the checklist names the dead one', async ({ app }) => {
  const before = server.requests.length
  const customFields = { team_members: `Bo: ${server.url}/busy` }
  const check = await app.call('links.check', { pitch: pitch(server.url), customFields })
  expect(check.offline).toBe(false)
  expect(Object.fromEntries(Object.entries(check.results).map(([url, o]) => [url.replace(server.url, ''), o.state]))).toEqual({
    '/missing': 'dead',
    '/moved': 'ok',
    '/busy': 'unsure',
  })
  expect(existsSync(join(app.dataDir, LINK_CACHE_FILE))).toBe(true)

  // The editor lints with what came back (useChecklist): a warning at the link, a note at the field.
  const result = lint({ pitch: pitch(server.url), fields: customFields, links: check })
  const found = result.findings.filter((f) => f.ruleId === 'links-answer').map((f) => [f.severity, f.line, f.field ?? null, f.message])
  expect(found).toEqual([
    ['info', 1, 'team_members', `The link to 127.0.0.1/busy in the field “team_members” answers 429 (too many requests) (${server.url}/busy).`],
    ['warning', 5, null, `The link to ada-l’s profile answers 404 (${server.url}/missing).`],
  ])
  expect(result.findings.find((f) => f.ruleId === 'links-answer' && f.field === undefined)!.section).toBe('Team')

  // A second check within the day asks only the link whose answer passes (the 429).
  const asked = server.requests.length
  await app.call('links.check', { pitch: pitch(server.url), customFields })
  expect(server.requests.slice(asked)).toEqual(['HEAD /busy'])
  expect(asked - before).toBeGreaterThanOrEqual(4)
})

coreTest('links.check refuses what is not the editor’s text, and asks nothing for it', async ({ app }) => {
  const before = server.requests.length
  const error = await app.fail('links.check', { pitch: `${server.url}/ok`, customFields: {}, urls: [`${server.url}/ok`] })
  expect(error.code).toBe('invalid_input')
  expect((await app.fail('links.check', { pitch: 'x'.repeat(1_000_001), customFields: {} })).code).toBe('invalid_input')
  expect(server.requests.length).toBe(before)
})

coreTest('the check on each save is off until the applicant turns it on', async ({ app }) => {
  expect((await app.call('settings.get')).checkLinksOnSave).toBe(false)
  expect((await app.call('settings.update', { checkLinksOnSave: true })).checkLinksOnSave).toBe(true)
  expect((await app.fail('settings.update', { checkLinksOnSave: 'yes' })).fields).toEqual({ checkLinksOnSave: 'must be true or false' })
})
