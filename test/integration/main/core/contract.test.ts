/**
 * Every channel of the contract, through the core's one door: a malformed payload is refused
 * with `invalid_input` (per-field messages, the handler never runs), and the drafts channels
 * keep their promises end to end (template, conflict, confinement, damaged files).
 */
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_CHANNELS, ipcContract } from '../../../../src/shared/ipc'
import { startTestCore, type TestCore } from '../../../support/core'
import { deflatedEntry, zipArchive } from '../../../support/zip'
import { IDS, startTestService, testFixture, type TestService } from '../../../support/service'

/** For each channel, payloads it must refuse. */
const MALFORMED: Record<(typeof IPC_CHANNELS)[number], unknown[]> = {
  'settings.get': ['x', 42, null, { extra: true }],
  'settings.update': [
    'x',
    { serviceUrl: 'ftp://example.org' },
    { serviceUrl: 'not a url' },
    { feedbackNamespace: 'Has Spaces' },
    { draftsFolder: 'relative/path' },
    { unknownSetting: 1 },
    { reviewerName: 'x'.repeat(81) },
    { savedSearchRefreshMinutes: 1 },
    { savedSearchRefreshMinutes: 1441 },
    { savedSearchRefreshMinutes: 2.5 },
    { savedSearchRefreshMinutes: 'off' },
    { theme: 'blue' },
    { reminders: { enabled: true } },
    { reminders: { enabled: 'yes', offsetsMinutes: [] } },
    { reminders: { enabled: true, offsetsMinutes: [-5] } },
    { reminders: { enabled: true, offsetsMinutes: [60], extra: 1 } },
  ],
  'session.status': ['x', [], { email: 'a@b.c' }],
  'session.login': [
    undefined,
    {},
    { email: 'ada', password: 'x' },
    { email: 'ada@example.org' },
    { email: 'ada@example.org', password: '' },
    { email: 'ada@example.org', password: 'x', admin: true },
  ],
  'session.logout': ['now', { everywhere: true }],
  'session.forget': [null, {}, { service: '' }, { service: 42 }, { service: 'x'.repeat(3000) }, { service: 'https://a.example', extra: 1 }],
  'grants.list': ['open', { status: 'pending' }, { type: 'loan' }, { status: 'open', page: 2 }],
  'grants.get': [undefined, {}, { id: 'not-a-uuid' }, { id: 42 }, { id: IDS.open, extra: 1 }],
  'savedSearches.list': ['x', { all: true }],
  'savedSearches.create': [
    undefined,
    { name: 'x' },
    { name: '   ', filters: { status: 'open', type: 'all', query: '', sort: 'deadline' } },
    { name: 'x'.repeat(81), filters: { status: 'open', type: 'all', query: '', sort: 'deadline' } },
    { name: 'bell\u0007', filters: { status: 'open', type: 'all', query: '', sort: 'deadline' } },
    { name: 'x', filters: { status: 'pending', type: 'all', query: '', sort: 'deadline' } },
    { name: 'x', filters: { status: 'open', type: 'all', query: 'q'.repeat(501), sort: 'deadline' } },
    { name: 'x', filters: { status: 'open', type: 'all', query: '', sort: 'deadline', page: 2 } },
  ],
  'savedSearches.rename': [{ id: 's-0123456789abcdef' }, { id: '../x', name: 'y' }, { id: 's-0123456789abcdef', name: '' }],
  'savedSearches.delete': [undefined, {}, { id: '../../saved-searches.json' }, { id: 's-0123456789ABCDEF' }],
  'savedSearches.refresh': ['now', { force: true }],
  'drafts.list': ['all', { folder: '/etc' }],
  'drafts.create': [
    undefined,
    {},
    { grantId: 'x' },
    { grantId: IDS.open, pitch: 5 },
    { grantId: IDS.open, customFields: { a: 1 } },
    { grantId: IDS.open, pitch: 'x'.repeat(1_000_001) },
  ],
  'drafts.import': [
    undefined,
    { grantId: IDS.open, fileName: 'a.md' },
    { grantId: IDS.open, fileName: '', content: 'IyBB' },
    { grantId: IDS.open, fileName: 'a.md', content: 'not base64!' },
    { grantId: IDS.open, fileName: 'a.docx', content: 'A'.repeat(14 * 1024 * 1024) },
    { grantId: IDS.open, fileName: 'a.md', content: 'IyBB', path: '/etc/passwd' },
  ],
  'drafts.get': [
    undefined,
    {},
    { id: '../etc/passwd' },
    { id: 'a/b' },
    { id: '/abs' },
    { id: '..' },
    { id: 'UPPER' },
    { id: 'x'.repeat(101) },
    { id: '%2e%2e%2fx' },
  ],
  'drafts.save': [
    {},
    { id: 'a', pitch: 'p', customFields: {} },
    { id: 'a', pitch: 'p', customFields: {}, baseVersion: 'v1' },
    { id: '../a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64) },
    { id: 'a', pitch: null, customFields: {}, baseVersion: 'a'.repeat(64) },
    { id: 'a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64), explicit: 'yes' },
  ],
  'drafts.merge': [
    {},
    { id: 'a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64) },
    { id: '../a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64), base: { pitch: '', customFields: {} } },
    { id: 'a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64), base: { pitch: 1, customFields: {} } },
    { id: 'a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64), base: { pitch: '', customFields: {}, extra: 1 } },
  ],
  'drafts.delete': [undefined, { id: '../a' }, { id: 'a', baseVersion: 'x' }],
  'history.list': [undefined, {}, { draftId: '../x' }, { draftId: 'a', extra: 1 }],
  'history.get': [
    { draftId: 'a' },
    { draftId: 'a', versionId: '../../etc/passwd' },
    { draftId: 'a', versionId: '000001-3fa9c2d1.json' },
    { draftId: 'a', versionId: '000001-3FA9C2D1' },
    { draftId: 'a', versionId: '1-x' },
  ],
  'history.restore': [
    { draftId: 'a', versionId: '000001-3fa9c2d1' },
    { draftId: 'a', versionId: '/tmp/000001-3fa9c2d1', baseVersion: 'a'.repeat(64) },
    { draftId: 'a', versionId: '000001-3fa9c2d1', baseVersion: 'a'.repeat(64), section: '   ' },
    { draftId: 'a', versionId: '000001-3fa9c2d1', baseVersion: 'a'.repeat(64), section: 42 },
  ],
  'reviews.get': [undefined, {}, { draftId: '../x' }, { draftId: 'a', extra: 1 }],
  'reviews.addThread': [
    { draftId: 'a' },
    { draftId: 'a', anchor: { target: 'draft' }, body: '   ' },
    { draftId: 'a', anchor: { target: 'page' }, body: 'x' },
    { draftId: 'a', anchor: { target: 'pitch', quote: { exact: '', line: 1 } }, body: 'x' },
    { draftId: 'a', anchor: { target: 'pitch', quote: { exact: 'x', line: 0 } }, body: 'x' },
    { draftId: 'a', anchor: { target: 'draft' }, body: 'x', suggestion: 'y' },
    { draftId: 'a', anchor: { target: 'draft' }, body: 'x'.repeat(10_001) },
    { draftId: 'a', anchor: { target: 'draft' }, body: 'x', author: 'Mallory' },
  ],
  'reviews.reply': [
    { draftId: 'a', threadId: '../x', body: 'x' },
    { draftId: 'a', threadId: '20261123T110545123Z-3fa9c2d1', body: '' },
  ],
  'reviews.setResolved': [
    { draftId: 'a', threadId: '20261123T110545123Z-3fa9c2d1' },
    { draftId: 'a', threadId: '20261123T110545123Z-3fa9c2d1', resolved: 'yes' },
  ],
  'reviews.decideSuggestion': [{ draftId: 'a', threadId: '20261123T110545123Z-3fa9c2d1', decision: 'maybe' }],
  'reviews.editComment': [
    { draftId: 'a', commentId: 'x', body: 'y' },
    { draftId: 'a', commentId: '20261123T110545123Z-3fa9c2d1', body: ' ' },
  ],
  'reviews.deleteComment': [{ draftId: 'a' }, { draftId: 'a', commentId: '../../etc/passwd' }],
  'reviews.setVerdict': [
    { draftId: 'a', verdict: 'approve' },
    { draftId: 'a', verdict: 'lgtm', baseVersion: 'a'.repeat(64) },
    { draftId: 'a', verdict: 'approve', baseVersion: 'a'.repeat(64), note: 'x'.repeat(10_001) },
  ],
  'applications.preview': [undefined, {}, { draftId: '../../x' }, { draftId: 'a', extra: 1 }],
  'applications.submit': [undefined, {}, { draftId: '../../x' }, { draftId: 'a', force: true }, { draftId: 'a', submitAnyway: 'yes' }],
  'applications.list': ['x', { grantId: IDS.open }],
  'feedback.send': [undefined, {}, { issue: '' }, { issue: '   ' }, { issue: 'x'.repeat(10_001) }, { issue: 'ok', skill: 'other/grant-apply' }],
  'export.reviewCopy': [undefined, {}, { draftId: '../x' }, { draftId: 'a', format: 'pdf' }, { id: 'a' }],
  'export.pdf': [undefined, {}, { draftId: '../../etc/passwd' }, { draftId: 'a', path: '/tmp/x.pdf' }],
  'connectivity.check': ['x', { url: 'http://127.0.0.1:9' }],
  'links.check': ['x', {}, { pitch: 1, customFields: {} }, { pitch: '', customFields: { a: 1 } }, { pitch: '', customFields: {}, url: 'http://127.0.0.1:9' }],
  'reminders.list': ['x', { draftId: 'a' }],
  'reminders.acknowledge': [
    undefined,
    {},
    { keys: [] },
    { keys: ['../x'] },
    { keys: ['due:a:180'] },
    { keys: ['due:a:180:1', 7] },
    { keys: Array(201).fill('moved:a:1') },
  ],
  'calendar.export': [
    undefined,
    {},
    { grantId: 'not-a-uuid' },
    { draftId: '../x' },
    { openDrafts: false },
    { grantId: IDS.open, draftId: 'a' },
    { openDrafts: true, path: '/tmp/x.ics' },
  ],
  'sync.state': ['x', { folder: '/etc' }],
  'sync.run': ['now', { force: true }, { folder: '/tmp' }],
  'sync.track': [
    'x',
    { remoteUrl: '' },
    { remoteUrl: 'ext::sh -c touch% /tmp/pwned' },
    { remoteUrl: '--upload-pack=touch /tmp/pwned' },
    { remoteUrl: 42 },
    { remoteUrl: 'https://git.example.org/x.git', folder: '/tmp' },
  ],
  'sync.setRemote': [
    undefined,
    {},
    { url: '' },
    { url: '-oProxyCommand=x' },
    { url: 'ext::sh' },
    { url: 'fd::17' },
    { url: 'https://' },
    { url: 'ftp://host/x.git' },
    { url: 'https://a b/x.git' },
    { url: 'x'.repeat(2049) },
    { url: 'https://git.example.org/x.git', name: 'origin' },
  ],
  'sync.conflicts': ['x', { draftId: 'a' }],
  'sync.resolve': [
    {},
    { draftId: 'a' },
    { draftId: '../a', pitch: 'p', customFields: {}, baseVersion: 'a'.repeat(64) },
    { draftId: 'a', pitch: 'p', customFields: { a: 1 }, baseVersion: 'a'.repeat(64) },
    { draftId: 'a', pitch: 'p', customFields: {}, baseVersion: 'x' },
  ],
  'sync.abort': ['x', { force: true }],
  'sync.news': ['x', { all: true }],
  'sync.markSeen': [
    undefined,
    {},
    { draftId: '../x' },
    { draftId: 'a', threadIds: [] },
    { draftId: 'a', threadIds: ['../x'] },
    { draftId: 'a', threadIds: 'x' },
  ],
}

describe('the contract through dispatch', () => {
  let service: TestService
  let app: TestCore

  beforeAll(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
  })
  afterAll(async () => {
    await app.dispose()
    await service.dispose()
  })

  it('covers every channel of the contract in this table', () => {
    expect(Object.keys(MALFORMED).sort()).toEqual([...IPC_CHANNELS].sort())
    expect(Object.keys(ipcContract).sort()).toEqual([...IPC_CHANNELS].sort())
  })

  for (const channel of IPC_CHANNELS) {
    it(`${channel} refuses malformed payloads with invalid_input`, async () => {
      for (const payload of MALFORMED[channel]) {
        const result = await app.core.dispatch(channel, payload)
        expect(result.ok, `${channel} accepted ${JSON.stringify(payload)?.slice(0, 80)}`).toBe(false)
        if (!result.ok) {
          expect(result.error.code).toBe('invalid_input')
          expect(result.error.message.length).toBeGreaterThan(10)
          expect(Object.keys(result.error.fields ?? {}).length).toBeGreaterThan(0)
        }
      }
    })
  }

  it('refuses a channel that is not in the contract', async () => {
    for (const name of ['drafts.export', '__proto__', 'constructor', 'toString']) {
      const result = await app.core.dispatch(name, {})
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
  })

  it('creates a draft from the template, with the grant’s type when it is a bounty', async () => {
    const grant = (await app.call('grants.get', { id: IDS.bounty })).grant
    const draft = await app.call('drafts.create', { grantId: IDS.bounty })
    expect(draft.pitch).toBe(grant.template_md)
    expect(draft.grant).toMatchObject({ id: IDS.bounty, type: 'bounty', applyEndpoint: grant._apply_endpoint, applicationSchema: null })
    const open = await app.call('drafts.create', { grantId: IDS.open })
    expect(open.grant.type).toBe('grant')
    expect(open.grant.applicationSchema).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'repo', type: 'url', required: true })]))
    const listed = await app.call('drafts.list')
    expect(listed.items.map((item) => item.id)).toEqual(expect.arrayContaining([draft.id, open.id]))
  })

  it('imports a file as a new draft of the grant (issue 36), and refuses a zip bomb with the reason', async () => {
    const html = await readFile(join(import.meta.dirname, '../../../fixtures/paste/google-docs-table.html'))
    const imported = await app.call('drafts.import', { grantId: IDS.open, fileName: 'budget.html', content: html.toString('base64') })
    expect(imported.draft.grant.id).toBe(IDS.open)
    expect(imported.draft.pitch).toBe('| a | b b | c |\n| - | --- | - |\n| d | e   | f |\n')
    expect(await readFile(imported.draft.path, 'utf8')).toContain('| d | e   | f |')
    expect((await app.call('drafts.list')).items.map((item) => item.id)).toContain(imported.draft.id)

    const bomb = zipArchive([deflatedEntry('word/document.xml', Buffer.alloc(8 * 1024 * 1024), 100)])
    const before = (await app.call('drafts.list')).items.length
    const error = await app.fail('drafts.import', { grantId: IDS.open, fileName: 'bomb.docx', content: bomb.toString('base64') })
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/^bomb\.docx was not imported: its entry word\/document\.xml expands past the size its archive states/)
    expect((await app.call('drafts.list')).items.length).toBe(before)
  })

  it('saves atomically and answers conflict instead of overwriting a file changed on disk', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const saved = await app.call('drafts.save', { id: draft.id, pitch: '# Mine\n', customFields: {}, baseVersion: draft.version })
    expect(saved.version).not.toBe(draft.version)

    const theirs = (await readFile(saved.path, 'utf8')).replace('# Mine', '# Theirs')
    await writeFile(saved.path, theirs)
    const error = await app.fail('drafts.save', { id: draft.id, pitch: '# Mine, later\n', customFields: {}, baseVersion: saved.version })
    expect(error.code).toBe('conflict')
    expect(error.currentVersion).toMatch(/^[a-f0-9]{64}$/)
    expect(await readFile(saved.path, 'utf8')).toBe(theirs)
    expect((await readdir(join(saved.path, '..'))).filter((name) => !name.endsWith('.md'))).toEqual([])
  })

  it('lists a damaged draft with its reason and never touches it', async () => {
    const folder = (await app.call('settings.get')).effectiveDraftsFolder
    const bytes = '---\nformat: grant-desk-draft/1\ngrant: [unclosed\n---\nPitch\n'
    await writeFile(join(folder, 'broken-draft.md'), bytes)
    const listed = (await app.call('drafts.list')).items.find((item) => item.id === 'broken-draft')
    expect(listed).toMatchObject({ state: 'damaged', fileName: 'broken-draft.md' })
    expect(listed?.state === 'damaged' && listed.reason).toMatch(/YAML|front matter/)
    expect((await app.fail('drafts.get', { id: 'broken-draft' })).code).toBe('storage_error')
    const save = await app.fail('drafts.save', { id: 'broken-draft', pitch: 'x', customFields: {}, baseVersion: listed!.version })
    expect(save.code).toBe('storage_error')
    expect(await readFile(join(folder, 'broken-draft.md'), 'utf8')).toBe(bytes)
  })
})
