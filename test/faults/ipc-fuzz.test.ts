/**
 * IPC fuzz: for every channel of the contract, at least 50 generated bad payloads — wrong
 * types, huge strings, `__proto__` and `constructor` keys, `../` and absolute paths and NUL
 * bytes in draft ids and file names, unknown keys — sent both to the browser host's `/rpc`
 * (as raw JSON text) and straight to the core's `dispatch`. Each must answer `invalid_input`
 * or `not_found`; the host never answers 5xx and stays up; nothing is written outside the
 * data folder (a sibling folder the payloads aim at is checked); no prototype is polluted.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CHANNELS, type IpcChannel } from '../../src/shared/ipc'
import { type HostStack, startHostStack } from '../support/browser-host'
import { IDS } from '../support/service'

const PER_CHANNEL = 50
const MISSING_DRAFT = 'fuzz-target'
const VERSION = 'a'.repeat(64)

/** Payload shapes close to valid, so that each mutation tests one field. `null`: no input. */
const TEMPLATES: Record<IpcChannel, Record<string, unknown> | null> = {
  'settings.get': null,
  'settings.update': {
    serviceUrl: 'http://127.0.0.1:9',
    feedbackNamespace: 'grant-desk',
    reviewerName: 'Ana',
    draftsFolder: null,
    savedSearchRefreshMinutes: 30,
  },
  'session.status': null,
  'session.login': { email: 'ada@example.test', password: 'correct horse battery' },
  'session.logout': null,
  'session.forget': { service: 'http://127.0.0.1:9' },
  'grants.list': { status: 'all', type: 'grant' },
  'grants.get': { id: IDS.open },
  'savedSearches.list': null,
  'savedSearches.create': { name: 'Tooling', filters: { status: 'open', type: 'all', query: 'tools', sort: 'deadline' } },
  'savedSearches.rename': { id: 's-0123456789abcdef', name: 'Renamed' },
  'savedSearches.delete': { id: 's-0123456789abcdef' },
  'savedSearches.refresh': null,
  'drafts.list': null,
  'drafts.create': { grantId: IDS.open, customFields: {}, projectKind: 'sdk' },
  'drafts.import': { grantId: IDS.open, fileName: 'proposal.md', content: Buffer.from('# Proposal\n').toString('base64') },
  'drafts.get': { id: MISSING_DRAFT },
  'drafts.save': { id: MISSING_DRAFT, pitch: 'p', customFields: {}, baseVersion: VERSION },
  'drafts.merge': { id: MISSING_DRAFT, pitch: 'p', customFields: {}, baseVersion: VERSION, base: { pitch: '', customFields: {} } },
  'drafts.delete': { id: MISSING_DRAFT, baseVersion: VERSION },
  'history.list': { draftId: MISSING_DRAFT },
  'history.get': { draftId: MISSING_DRAFT, versionId: '000001-abcdef01' },
  'history.restore': { draftId: MISSING_DRAFT, versionId: '000001-abcdef01', baseVersion: VERSION },
  'reviews.get': { draftId: MISSING_DRAFT },
  'reviews.addThread': { draftId: MISSING_DRAFT, anchor: { target: 'draft' }, body: 'b' },
  'reviews.reply': { draftId: MISSING_DRAFT, threadId: 'x', body: 'b' },
  'reviews.setResolved': { draftId: MISSING_DRAFT, threadId: 'x', resolved: true },
  'reviews.decideSuggestion': { draftId: MISSING_DRAFT, threadId: 'x', decision: 'applied' },
  'reviews.editComment': { draftId: MISSING_DRAFT, commentId: 'x', body: 'b' },
  'reviews.deleteComment': { draftId: MISSING_DRAFT, commentId: 'x' },
  'reviews.setVerdict': { draftId: MISSING_DRAFT, verdict: 'approve', baseVersion: VERSION },
  'applications.preview': { draftId: MISSING_DRAFT },
  'applications.submit': { draftId: MISSING_DRAFT, submitAnyway: true },
  'applications.list': null,
  'feedback.send': { issue: 'The guide names a field the form no longer has.' },
  'export.reviewCopy': { draftId: MISSING_DRAFT },
  'export.pdf': { draftId: MISSING_DRAFT },
  'connectivity.check': null,
  // No link in it: a fuzzed payload that passes asks nothing of the network.
  'links.check': { pitch: 'A pitch with no link.', customFields: { team: 'Ada' } },
  'reminders.list': null,
  'reminders.acknowledge': { keys: [`due:${MISSING_DRAFT}:180:1`] },
  'calendar.export': { draftId: MISSING_DRAFT },
  'sync.state': null,
  'sync.run': null,
  'sync.track': { remoteUrl: 'https://git.example.org/team/drafts.git' },
  'sync.setRemote': { url: 'https://git.example.org/team/drafts.git' },
  'sync.conflicts': null,
  'sync.resolve': { draftId: MISSING_DRAFT, pitch: 'p', customFields: {}, baseVersion: VERSION },
  'sync.abort': null,
  'sync.news': null,
  'sync.markSeen': { draftId: MISSING_DRAFT, threadIds: ['20261123T110545123Z-3fa9c2d1'] },
}

/** Free text, where any string is valid: only wrong types and over-long text are bad there. */
const FREE_TEXT = new Set(['pitch', 'body', 'issue', 'password', 'reviewerName', 'note', 'suggestion', 'section', 'name'])

let stack: HostStack
/** A folder beside the data folder that payloads aim at; nothing may appear in it. */
let outside: string

function badValues(): { label: string; value: unknown; text?: string }[] {
  return [
    { label: 'null', value: null },
    { label: 'number', value: 42 },
    { label: 'negative', value: -1 },
    { label: 'float', value: 1e308 },
    { label: 'boolean', value: true },
    { label: 'array', value: ['x'] },
    { label: 'object', value: { a: 1 } },
    { label: 'huge string', value: 'x'.repeat(2_000_001) },
    { label: '__proto__ object', value: JSON.parse('{"__proto__": {"polluted": true}}') },
    { label: 'constructor object', value: { constructor: { prototype: { polluted: true } } } },
  ]
}

function pathValues(): { label: string; value: unknown }[] {
  return [
    { label: '../ path', value: `../../${outside.split('/').pop()}/pwned` },
    { label: 'absolute path', value: join(outside, 'pwned') },
    { label: 'NUL byte', value: `fuzz\u0000target` },
    { label: 'Windows path', value: 'C:\\Windows\\pwned' },
    { label: 'backslashes', value: '..\\..\\pwned' },
    { label: 'encoded ../', value: '%2e%2e%2fpwned' },
    { label: 'dot', value: '.' },
    { label: 'dot dot', value: '..' },
    { label: 'empty', value: '' },
    { label: 'right-to-left override', value: 'fuzz\u202etarget' },
  ]
}

/** At least PER_CHANNEL bad payloads for a channel, as the raw JSON text sent over HTTP. */
function payloads(channel: IpcChannel): { label: string; text: string }[] {
  const template = TEMPLATES[channel]
  const out: { label: string; text: string }[] = []
  const add = (label: string, value: unknown, text?: string) => out.push({ label, text: text ?? JSON.stringify(value) })
  // Whole-payload replacements.
  for (const { label, value } of badValues()) add(`whole: ${label}`, value)
  add('whole: raw __proto__ key', null, '{"__proto__": {"polluted": true}}')
  add('whole: constructor key', { constructor: { prototype: { polluted: true } } })
  add('whole: deep nesting', JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`))
  add('whole: unknown key', { ...(template ?? {}), unknownKey: 1 })
  add(
    'whole: __proto__ key beside valid fields',
    null,
    JSON.stringify(template ?? {}).replace(/^\{/, '{"__proto__": {"polluted": true}' + (template && Object.keys(template).length > 0 ? ',' : '')),
  )
  if (template !== null) {
    for (const key of Object.keys(template)) {
      const rest = { ...template }
      delete rest[key]
      // Leaving out a key is bad only where the key is required.
      const optional =
        channel === 'settings.update' ||
        ['customFields', 'type', 'projectKind', 'status', 'submitAnyway', 'baseVersion', 'remoteUrl', 'threadIds'].includes(key)
      if (!optional && !(channel === 'drafts.delete' && key === 'baseVersion')) add(`${key}: missing`, rest)
      for (const { label, value } of badValues()) {
        // `null` is a valid drafts folder (the default), project kind (none) and check interval (off).
        if (label === 'null' && (key === 'draftsFolder' || key === 'projectKind' || key === 'savedSearchRefreshMinutes')) continue
        // 42 minutes is a valid check interval.
        if (label === 'number' && key === 'savedSearchRefreshMinutes') continue
        add(`${key}: ${label}`, { ...template, [key]: value })
      }
      if (!FREE_TEXT.has(key)) {
        for (const { label, value } of pathValues()) {
          // A drafts folder is any absolute path the applicant chooses, and a team repository may be
          // a folder on a share: not a bad value by itself.
          if ((key === 'draftsFolder' || key === 'url' || key === 'remoteUrl') && label === 'absolute path') continue
          add(`${key}: ${label}`, { ...template, [key]: value })
        }
      }
    }
  }
  // Pad with pairs of bad fields plus an unknown key until there are enough.
  const values = [...badValues(), ...pathValues()]
  for (let i = 0; out.length < PER_CHANNEL; i++) {
    const value = values[i % values.length]!
    add(`padding ${i}: ${value.label} + unknown key`, { ...(template ?? {}), [`extra${i}`]: value.value })
  }
  return out
}

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
}

const counts = { channels: 0, payloads: 0, http: 0, dispatch: 0, invalid: 0, notFound: 0 }

beforeAll(async () => {
  stack = await startHostStack()
  outside = join(stack.dataDir, '..', `${stack.dataDir.split('/').pop()}-outside`)
  mkdirSync(outside)
})

afterAll(async () => {
  console.log(
    `[faults] ipc fuzz: ${counts.channels} channels × ≥${PER_CHANNEL} bad payloads = ${counts.payloads} payloads, ${counts.http} to the browser host and ${counts.dispatch} to dispatch; answers: invalid_input ${counts.invalid}, not_found ${counts.notFound}; no 5xx, no file outside the data folder, no polluted prototype`,
  )
  await stack?.dispose()
  if (outside) rmSync(outside, { recursive: true, force: true })
})

describe('every channel refuses bad payloads', () => {
  it('the contract has a template for every channel (so none is left unfuzzed)', () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual([...IPC_CHANNELS].sort())
  })

  for (const channel of IPC_CHANNELS) {
    it(`${channel}: ≥${PER_CHANNEL} bad payloads answer invalid_input or not_found, over HTTP and through dispatch`, async () => {
      const list = payloads(channel)
      expect(list.length).toBeGreaterThanOrEqual(PER_CHANNEL)
      counts.channels++
      const dataBefore = filesIn(stack.dataDir).length
      for (const { label, text } of list) {
        counts.payloads++
        // Over the browser host, as raw JSON text (so `__proto__` arrives as a key).
        const response = await fetch(`${stack.host.url}/rpc/${channel}`, {
          method: 'POST',
          headers: { 'x-grant-desk-token': stack.host.token, 'content-type': 'application/json' },
          body: text,
        })
        counts.http++
        expect(response.status, `${channel} ${label}: HTTP ${response.status}`).toBeLessThan(500)
        const answer = (await response.json()) as { ok: boolean; error?: { code: string } }
        expect(answer.ok, `${channel} ${label}: accepted over HTTP`).toBe(false)
        expect(['invalid_input', 'not_found'], `${channel} ${label}: ${answer.error?.code}`).toContain(answer.error?.code)

        // Through dispatch, as the Electron shell passes an IPC payload on.
        const direct = await stack.core.dispatch(channel, JSON.parse(text))
        counts.dispatch++
        expect(direct.ok, `${channel} ${label}: accepted by dispatch`).toBe(false)
        if (!direct.ok) {
          expect(['invalid_input', 'not_found'], `${channel} ${label}: ${direct.error.code} ${direct.error.message}`).toContain(direct.error.code)
          if (direct.error.code === 'invalid_input') counts.invalid++
          else counts.notFound++
        }
      }
      expect(filesIn(outside), `${channel}: something was written outside the data folder`).toEqual([])
      // Refused payloads write nothing at all (the settings file and the like stay as they were).
      expect(filesIn(stack.dataDir).length, `${channel}: files appeared in the data folder`).toBeLessThanOrEqual(dataBefore)
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
      expect((await stack.core.dispatch('session.status', undefined)).ok).toBe(true)
    })
  }
})
