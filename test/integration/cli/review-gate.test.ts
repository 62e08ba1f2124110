/**
 * The review gate (`grant-desk review --require-approval`) against a hostile teammate. Real
 * records, written by real cores (Ada wrote the draft, Ben and Cy review it) into one shared
 * folder; then the forgeries a teammate with write access to the folder would try, each made
 * the way they would make it: copy a real record, then edit its date, hash, reviewed text or
 * author. Each must end "not counted" or "unreadable" with the gate exiting non-zero, and a
 * valid approval by someone who did not write the draft must make it exit 0.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newRecordId, type ReviewRecord } from '../../../src/shared/review'
import { startTestService, tempDir, testFixture, type TestService } from '../../support/service'
import { TEAM_PITCH, cli, gate, giveVerdict, plant, recordsOf, startDraft, teammate, type Teammate } from '../../support/team'

let service: TestService
let folder: string
let ada: Teammate
let ben: Teammate
let cy: Teammate
let draftId: string

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.close()
})

beforeEach(async () => {
  folder = tempDir('grant-desk-gate-')
  ada = await teammate(service.url, folder, 'Ada')
  ben = await teammate(service.url, folder, 'Ben')
  cy = await teammate(service.url, folder, 'Cy')
  draftId = (await startDraft(ada, folder)).id
})
afterEach(async () => {
  await Promise.all([ada.dispose(), ben.dispose(), cy.dispose()])
  rmSync(folder, { recursive: true, force: true })
})

/** A record under a fresh id (and so a fresh file name), as a copy made by hand would be. */
function renamed<T extends ReviewRecord>(record: T, at = new Date(Date.now() + 1000)): T {
  return { ...record, id: newRecordId(at, 'c0ffee00') }
}

describe('self-approval', () => {
  it('shows the author’s approval as not counted, and exits 1 until a teammate who did not write the draft approves', async () => {
    await giveVerdict(ada, folder, draftId, 'approve')
    const own = await gate(folder, draftId)
    expect(own.code).toBe(1)
    expect(own.report.authors).toEqual(['Ada'])
    expect(own.report.approval).toBe('none')
    expect(own.report.verdicts).toEqual([
      expect.objectContaining({ author: 'Ada', status: 'current', counted: false, reason: 'Ada wrote this draft, so Ada’s own approval does not count' }),
    ])
    expect(own.err).toContain('not approved for merging: not approved yet · the author’s own approval does not count')

    await giveVerdict(ben, folder, draftId, 'approve')
    const passed = await gate(folder, draftId)
    expect(passed.err).toBe('')
    expect(passed.code).toBe(0)
    expect(passed.report.approvals).toEqual({ counted: 1, required: 1 })
  })

  it('makes a teammate who saved a change an author too', async () => {
    const draft = await ben.call('drafts.get', { id: draftId })
    await ben.call('drafts.save', { id: draftId, pitch: `${TEAM_PITCH}\nBen's line.\n`, customFields: draft.customFields, baseVersion: draft.version })
    await giveVerdict(ben, folder, draftId, 'approve')
    await expect.poll(async () => (await gate(folder, draftId)).report.authors).toEqual(['Ada', 'Ben'])
    expect((await gate(folder, draftId)).code).toBe(1)
    await giveVerdict(cy, folder, draftId, 'approve')
    expect((await gate(folder, draftId)).code).toBe(0)
  })
})

describe('forged records', () => {
  it('a copy of Ben’s old approval dated 9999-12-31, after Ben requested changes: not counted, exit 1', async () => {
    const approval = await giveVerdict(ben, folder, draftId, 'approve')
    await giveVerdict(ben, folder, draftId, 'request-changes', 'The budget needs milestones.')
    const future = new Date('9999-12-31T00:00:00.000Z')
    plant(folder, draftId, { ...renamed(approval, future), created_at: future.toISOString() })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approval).toBe('changes-requested')
    const forged = result.report.verdicts.find((verdict) => verdict.createdAt.startsWith('9999'))
    expect(forged).toMatchObject({
      status: 'invalid',
      counted: false,
      future: true,
      reason: expect.stringContaining('is dated in the future (9999-12-31T00:00:00.000Z)'),
    })
  })

  it('a copy of Ben’s old approval under a new name, dated plausibly: the two cannot be ordered, so unknown, exit 1', async () => {
    const approval = await giveVerdict(ben, folder, draftId, 'approve')
    await giveVerdict(ben, folder, draftId, 'request-changes')
    plant(folder, draftId, renamed(approval))
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approval).toBe('unknown')
    expect(result.report.summary).toContain('unknown: the verdicts of Ben cannot be ordered')
    expect(result.report.verdicts.filter((verdict) => verdict.status === 'conflict')).toHaveLength(2)
  })

  it('an approval whose hash is 64 zeros: not counted, exit 1', async () => {
    const approval = await giveVerdict(ben, folder, draftId, 'approve')
    plant(folder, draftId, { ...approval, reviewed: { ...approval.reviewed, hash: '0'.repeat(64) } })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({ status: 'invalid', counted: false, reason: expect.stringContaining('does not match its hash') })
  })

  it('an approval of an earlier text whose reviewed text was edited to the current one: not counted, exit 1', async () => {
    const approval = await giveVerdict(ben, folder, draftId, 'approve')
    const draft = await ada.call('drafts.get', { id: draftId })
    await ada.call('drafts.save', { id: draftId, pitch: `${TEAM_PITCH}\nUnreviewed claim.\n`, customFields: draft.customFields, baseVersion: draft.version })
    expect((await gate(folder, draftId)).report.approval).toBe('stale')
    plant(folder, draftId, { ...approval, reviewed: { ...approval.reviewed, pitch: `${TEAM_PITCH}\nUnreviewed claim.\n` } })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({ status: 'invalid', reason: expect.stringContaining('does not match its hash') })
  })

  it('an approval whose hash and text were both edited to the current version, with the name of the author: not counted, exit 1', async () => {
    const approval = await giveVerdict(ada, folder, draftId, 'approve')
    // Ada's own approval, re-signed as "Ada " and "ADA": the same person.
    plant(folder, draftId, { ...renamed(approval), author: 'ADA ' })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts.every((verdict) => !verdict.counted)).toBe(true)
  })

  it('an approval whose author was changed to “Ben” followed by a zero-width space: flagged, not counted, exit 1', async () => {
    const approval = await giveVerdict(ada, folder, draftId, 'approve')
    plant(folder, draftId, { ...approval, author: 'Ben\u200B' })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({
      counted: false,
      reason: expect.stringContaining('characters that do not show or that reorder text (U+200B)'),
    })
    const text = await cli('review', join(folder, `${draftId}.md`))
    expect(text.out).toContain('Ben⟨U+200B⟩ [name flagged: it contains characters that do not show')
  })

  it('an approval whose author was changed to a Cyrillic look-alike of “Ben”: flagged, not counted, exit 1', async () => {
    const approval = await giveVerdict(ada, folder, draftId, 'approve')
    plant(folder, draftId, { ...approval, author: 'Веn' })
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({ counted: false, reason: expect.stringContaining('mixes Latin and Cyrillic letters') })
  })

  it('a valid approval by a non-author next to all of that is still the only one that counts: exit 0 once nothing else is wrong', async () => {
    const approval = await giveVerdict(cy, folder, draftId, 'approve')
    expect((await gate(folder, draftId)).code).toBe(0)
    // A hash edited in a copy under another name of another person: invalid, listed, and the gate stays open for Cy's.
    plant(folder, draftId, { ...renamed(approval), author: 'Dee', reviewed: { ...approval.reviewed, hash: 'f'.repeat(64) } })
    const result = await gate(folder, draftId)
    expect(result.report.verdicts.map((verdict) => [verdict.author, verdict.counted])).toEqual([
      ['Cy', true],
      ['Dee', false],
    ])
    expect(result.code).toBe(0)
  })
})

describe('unreadable records', () => {
  it('a damaged “request changes” verdict beside a valid approval: unknown, exit 1, naming the file and the reason', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const path = join(folder, `${draftId}.reviews`, `${request.id}.yaml`)
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 60))
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approval).toBe('unknown')
    expect(result.err).toContain(`not approved for merging: unknown: 1 unreadable record (${request.id}.yaml is not`)
  })

  it('a sync tool’s conflicted copy of an open thread: unknown, exit 1', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    await ben.call('reviews.addThread', { draftId, anchor: { target: 'draft' }, body: 'One question.' })
    const thread = recordsOf(folder, draftId).find(({ record }) => record.kind === 'thread')!
    const dir = join(folder, `${draftId}.reviews`)
    await cy.call('reviews.setResolved', { draftId, threadId: thread.record.id, resolved: true })
    expect((await gate(folder, draftId)).code).toBe(0)
    writeFileSync(join(dir, `${thread.record.id} (Ben's conflicted copy 2026-11-23).yaml`), readFileSync(thread.file, 'utf8'))
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/unknown: 1 unreadable record \(.*conflicted copy.*is not named like a review record/)
  })

  it('Cy’s “request changes” renamed to a dot-file: unreadable, so Ben’s approval does not pass the gate alone', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const dir = join(folder, `${draftId}.reviews`)
    renameSync(join(dir, `${request.id}.yaml`), join(dir, `.${request.id}.yaml`))
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approval).toBe('unknown')
    expect(result.err).toContain(`.${request.id}.yaml is a hidden file, not a review record`)
  })

  it.each(['.DS_Store', 'notes.txt~', 'verdict.tmp', 'verdict.partial'])('a hidden or backup file (%s): unreadable, never silently skipped', async (name) => {
    await giveVerdict(ben, folder, draftId, 'approve')
    writeFileSync(join(folder, `${draftId}.reviews`, name), 'kind: verdict\n')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.unreadable).toEqual([{ fileName: name, reason: expect.stringContaining(name) }])
  })

  it("what a file browser leaves in any folder (Finder's .DS_Store and ._ files, Explorer's Thumbs.db and desktop.ini) is passed over, known by its first bytes", async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const dir = join(folder, `${draftId}.reviews`)
    writeFileSync(join(dir, '.DS_Store'), Buffer.concat([Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]), Buffer.alloc(64)]))
    writeFileSync(join(dir, '._notes'), Buffer.concat([Buffer.from([0, 5, 0x16, 7]), Buffer.alloc(32)]))
    writeFileSync(join(dir, 'Thumbs.db'), Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]))
    writeFileSync(join(dir, 'desktop.ini'), '\ufeff[.ShellClassInfo]\r\nIconResource=x\r\n')
    const result = await gate(folder, draftId)
    expect(result.report.unreadable).toEqual([])
    expect(result.code).toBe(0)
    // Named like one, but a record inside: still unreadable, so a hidden "request changes" keeps the gate shut.
    writeFileSync(join(dir, 'Thumbs.db'), 'kind: verdict\n')
    expect((await gate(folder, draftId)).report.unreadable).toEqual([{ fileName: 'Thumbs.db', reason: expect.stringContaining('Thumbs.db') }])
  })

  it('any other file in the review folder: unreadable, never silently skipped', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    writeFileSync(join(folder, `${draftId}.reviews`, 'verdict.yaml.orig'), 'kind: verdict\n')
    expect((await gate(folder, draftId)).report.unreadable).toEqual([
      { fileName: 'verdict.yaml.orig', reason: expect.stringContaining('is not a review record') },
    ])
  })
})

describe('the policy file', () => {
  it('two approvals required: one → exit 1; the author’s own does not count toward two; two teammates → exit 0', async () => {
    writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvals: 2\n')
    await giveVerdict(ben, folder, draftId, 'approve')
    let result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.summary).toBe('no open threads · 1 of 2 approvals (Ben)')
    expect(result.report.policy).toMatchObject({ file: join(folder, '.grant-desk.yaml'), approvals: 2, problem: null })

    await giveVerdict(ada, folder, draftId, 'approve')
    result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approvals).toEqual({ counted: 1, required: 2 })
    expect(result.err).toContain('1 of 2 approvals (Ben) · the author’s own approval does not count')

    await giveVerdict(cy, folder, draftId, 'approve')
    result = await gate(folder, draftId)
    expect(result.code).toBe(0)
    expect(result.report.approvals).toEqual({ counted: 2, required: 2 })
  })

  it('is found above the drafts folder, up to the git repository’s root', async () => {
    const repo = tempDir('grant-desk-repo-')
    const drafts = join(repo, 'drafts')
    const { mkdirSync, cpSync } = await import('node:fs')
    mkdirSync(join(repo, '.git'))
    cpSync(folder, drafts, { recursive: true })
    writeFileSync(join(repo, '.grant-desk.yaml'), 'review:\n  approvals: 3\n')
    expect((await gate(drafts, draftId)).report.policy.approvals).toBe(3)
    rmSync(repo, { recursive: true, force: true })
  })

  it('only the approvers it names count', async () => {
    writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvers: [Cy]\n')
    await giveVerdict(ben, folder, draftId, 'approve')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.verdicts[0]).toMatchObject({ author: 'Ben', counted: false, reason: expect.stringContaining('not one of the approvers') })
    await giveVerdict(cy, folder, draftId, 'approve')
    expect((await gate(folder, draftId)).code).toBe(0)
  })

  it.each([
    ['review:\n  aprovals: 2\n', 'unknown key aprovals'],
    ['review:\n  approvals: 0\n', 'review.approvals must be at least 1'],
    ['review:\n  approvals: two\n', 'review.approvals must be a whole number from 1 to 20'],
    ['review:\n  require_signed_verdicts: true\n', 'review.allowed_signers is needed when require_signed_verdicts is true'],
    ['review:\n  approvals: 2\n  approvals: 1\n', 'Map keys must be unique'],
    ['review:\n  require_signed_verdicts: true\n  allowed_signers: ../outside\n', 'not a file inside the policy'],
    ['review:\n  require_signed_verdicts: true\n  allowed_signers: missing_signers\n', 'does not exist'],
    ['review: [\n', 'not valid YAML'],
    ['', 'it is empty'],
    ['  \n\t\n', 'it is empty'],
    ['# review:\n#   require_signed_verdicts: true\n', 'it is empty'],
  ])('a bad policy file (%j) fails the gate closed and says what to fix', async (text, message) => {
    writeFileSync(join(folder, '.grant-desk.yaml'), text)
    await giveVerdict(ben, folder, draftId, 'approve')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approval).toBe('unknown')
    expect(result.report.policy.problem).toContain(message)
    expect(result.err).toContain(message)
  })

  it('--policy takes the policy from a file a CI job trusts, and refuses one that cannot be used', async () => {
    writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvals: 1\n')
    const trusted = join(tempDir('grant-desk-trusted-'), 'policy.yaml')
    writeFileSync(trusted, 'review:\n  approvals: 2\n')
    await giveVerdict(ben, folder, draftId, 'approve')
    expect((await gate(folder, draftId)).code).toBe(0)
    const result = await gate(folder, draftId, '--policy', trusted)
    expect(result.code).toBe(1)
    expect(result.report.approvals).toEqual({ counted: 1, required: 2 })
    writeFileSync(trusted, 'nonsense: true\n')
    const bad = await cli('review', '--require-approval', '--policy', trusted, join(folder, `${draftId}.md`))
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('unknown key nonsense')
  })
})
