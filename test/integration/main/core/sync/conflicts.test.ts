/**
 * What git cannot merge on its own, settled or kept for the applicant, on real git: a conflict
 * that survives a restart, is undone with everything typed since kept, fields that conflict,
 * a draft deleted on one side and changed on the other, one review record edited on two
 * computers, and a draft started on both sides.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type GitTeam, type Teammate } from '../../../../support/git-team'
import { heldBySave } from '../../../../support/held-save-lock'
import { useAdaAndBen } from '../../../../support/git-team-hooks'
import { IDS } from '../../../../support/service'

let team: GitTeam, ada: Teammate, ben: Teammate
useAdaAndBen((crew) => ({ team, ada, ben } = crew))

const PITCH = '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

async function shared(fields: Record<string, string> = { project_name: 'Tracekit' }) {
  const created = await ada.app.call('drafts.create', { grantId: IDS.open })
  const draft = await ada.app.call('drafts.save', { id: created.id, pitch: PITCH, customFields: fields, baseVersion: created.version })
  await ada.app.call('sync.run')
  await ben.app.call('sync.run')
  return draft
}

async function edit(who: Teammate, id: string, change: { pitch?: (pitch: string) => string; fields?: Record<string, string> }) {
  const now = await who.app.call('drafts.get', { id })
  return who.app.call('drafts.save', {
    id,
    pitch: change.pitch ? change.pitch(now.pitch) : now.pitch,
    customFields: { ...now.customFields, ...change.fields },
    baseVersion: now.version,
  })
}

const budget = (text: string) => (pitch: string) => pitch.replace('We ask for 40,000 USD over six months.', text)

async function budgetConflict() {
  const draft = await shared()
  await edit(ada, draft.id, { pitch: budget('We ask for 45,000 USD over six months.') })
  await edit(ben, draft.id, { pitch: budget('We ask for 40,000 USD over four months.') })
  await ada.app.call('sync.run')
  const result = await ben.app.call('sync.run')
  expect(result.outcome).toBe('conflict')
  return { draft, result }
}

describe('a pitch conflict kept for the applicant', () => {
  it('is still there after a restart, with the same sides, and a sync meanwhile commits nothing', async () => {
    const { draft, result } = await budgetConflict()
    const head = ben.git('rev-parse', 'HEAD')
    await team.restart(ben)
    const state = await ben.app.call('sync.state')
    expect(state.repository).toMatchObject({ appMerge: true, operation: 'merge', conflicts: [{ draftId: draft.id }] })
    expect(state.summary).toBe('main · “Open grant with a form” changed on both sides: choose what to keep')
    const again = await ben.app.call('sync.run')
    expect(again.outcome).toBe('conflict')
    expect(again.committed).toBeNull()
    expect(ben.git('rev-parse', 'HEAD')).toBe(head)
    const { conflicts } = await ben.app.call('sync.conflicts')
    expect(conflicts.map(({ version: _, ...rest }) => rest)).toEqual(result.conflicts.map(({ version: _, ...rest }) => rest))
    const resolved = await ben.app.call('sync.resolve', {
      draftId: draft.id,
      pitch: conflicts[0]!.pitch.theirs,
      customFields: conflicts[0]!.mergedFields,
      baseVersion: conflicts[0]!.version,
    })
    expect(resolved.outcome).toBe('synced')
    expect(ben.git('status', '--porcelain')).toBe('')
  })

  it('refuses a resolution of a version that changed since, and of a draft with no conflict', async () => {
    const { draft, result } = await budgetConflict()
    const stale = await ben.app.fail('sync.resolve', { draftId: draft.id, pitch: 'x', customFields: {}, baseVersion: 'a'.repeat(64) })
    expect(stale.code).toBe('conflict')
    const none = await ben.app.fail('sync.resolve', { draftId: 'no-such-draft', pitch: 'x', customFields: {}, baseVersion: result.conflicts[0]!.version })
    expect(none.code).toBe('not_found')
    expect((await ben.app.call('sync.state')).repository?.appMerge).toBe(true)
  })

  it('is undone by sync.abort: back to before the pull, with what was typed since kept as a change not sent', async () => {
    const { draft } = await budgetConflict()
    const before = ben.git('rev-parse', 'HEAD^1')
    // Ben keeps writing while the conflict waits.
    await edit(ben, draft.id, { pitch: (pitch) => `${pitch}\n## Team\n\nBen and Ada.\n` })
    const state = await ben.app.call('sync.abort')
    expect(state.repository).toMatchObject({ appMerge: false, operation: null, uncommitted: 1 })
    expect(existsSync(join(ben.clone, '.git', 'MERGE_HEAD'))).toBe(false)
    expect(ben.git('rev-parse', 'HEAD')).not.toBe(before)
    expect(ben.git('log', '-1', '--format=%s')).toMatch(/^Ben: edit/)
    expect(ben.git('status', '--porcelain')).toBe(` M drafts/${draft.fileName}\n`)
    const pitch = (await ben.app.call('drafts.get', { id: draft.id })).pitch
    expect(pitch).toContain('four months')
    expect(pitch).toContain('Ben and Ada.')
    expect((await ben.app.fail('sync.abort')).code).toBe('not_found')
  })

  it('undone while another process saves the draft: the undo waits for the save, and keeps it', async () => {
    const { draft } = await budgetConflict()
    // The undo reads what was saved since, then has git put the drafts back: it must wait.
    await heldBySave(
      join(ben.drafts, draft.fileName),
      'the undo',
      () => ben.app.call('sync.abort'),
      (text) => text.replace('## Problem\n', '## Problem\n\nSaved while the undo waited.\n'),
    )
    expect(existsSync(join(ben.clone, '.git', 'MERGE_HEAD'))).toBe(false)
    const pitch = (await ben.app.call('drafts.get', { id: draft.id })).pitch
    expect(pitch).toContain('Saved while the undo waited.')
    expect(ben.git('status', '--porcelain')).toBe(` M drafts/${draft.fileName}\n`)
  })

  it('undone with nothing typed since: the file is Ben’s committed version again, the work tree clean', async () => {
    const { draft } = await budgetConflict()
    const committed = ben.git('show', `HEAD:drafts/${draft.fileName}`)
    await ben.app.call('sync.abort')
    expect(readFileSync(join(ben.drafts, draft.fileName), 'utf8')).toBe(committed)
    expect(ben.git('status', '--porcelain')).toBe('')
  })
})

describe('merged without a question', () => {
  it('fields changed on both sides: different fields merge, the same field is the applicant’s choice', async () => {
    const draft = await shared({ project_name: 'Tracekit', repo: 'https://example.org/tracekit' })
    await edit(ada, draft.id, { fields: { project_name: 'Tracekit Pro', amount: '40000' } })
    await edit(ben, draft.id, { fields: { project_name: 'TraceKit', details: 'A tracer.' } })
    await ada.app.call('sync.run')
    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('conflict')
    const conflict = result.conflicts[0]!
    expect(conflict.pitch.conflicted).toBe(false)
    expect(conflict.fields).toEqual([{ name: 'project_name', label: 'Project name', base: 'Tracekit', ours: 'TraceKit', theirs: 'Tracekit Pro' }])
    expect(conflict.mergedFields).toEqual({ project_name: 'TraceKit', repo: 'https://example.org/tracekit', amount: '40000', details: 'A tracer.' })
    const done = await ben.app.call('sync.resolve', {
      draftId: draft.id,
      pitch: conflict.pitch.ours,
      customFields: { ...conflict.mergedFields, project_name: 'Tracekit Pro' },
      baseVersion: conflict.version,
    })
    expect(done.outcome).toBe('synced')
    expect((await ben.app.call('drafts.get', { id: draft.id })).customFields).toEqual({
      project_name: 'Tracekit Pro',
      repo: 'https://example.org/tracekit',
      amount: '40000',
      details: 'A tracer.',
    })
  })

  it('a draft deleted on one side and changed on the other is kept, and the sync says so', async () => {
    const draft = await shared()
    const onAda = await ada.app.call('drafts.get', { id: draft.id })
    await ada.app.call('drafts.delete', { id: draft.id, baseVersion: onAda.version })
    const deleted = await ada.app.call('sync.run')
    expect(deleted.committed?.message).toMatch(/^Ada: delete 'Open grant with a form'/)
    await edit(ben, draft.id, { pitch: budget('We ask for 41,000 USD.') })
    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    expect(result.notes).toEqual([
      '“Open grant with a form” was deleted on the other side but changed on this computer: it was kept, so nothing is lost. Delete it again if it is not needed.',
    ])
    await ada.app.call('sync.run')
    expect((await ada.app.call('drafts.get', { id: draft.id })).pitch).toContain('41,000 USD')
    expect(ben.git('status', '--porcelain')).toBe('')
  })

  it('one review record edited on two computers: the later edit is kept, no conflict', async () => {
    const adaElsewhere = await team.clone('Ada laptop', { reviewerName: 'Ada' })
    const draft = await shared()
    const thread = (await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'First words' })).threads[0]!
    await ada.app.call('sync.run')
    await adaElsewhere.app.call('sync.run')
    await ada.app.call('reviews.editComment', { draftId: draft.id, commentId: thread.id, body: 'Edited at the desk' })
    await new Promise((done) => setTimeout(done, 5))
    await adaElsewhere.app.call('reviews.editComment', { draftId: draft.id, commentId: thread.id, body: 'Edited later on the laptop' })
    await ada.app.call('sync.run')
    const result = await adaElsewhere.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    await ada.app.call('sync.run')
    for (const who of [ada, adaElsewhere]) {
      expect((await who.app.call('reviews.get', { draftId: draft.id })).threads.map((t) => t.body)).toEqual(['Edited later on the laptop'])
      expect(who.git('status', '--porcelain')).toBe('')
    }
  })

  it('a draft started on both sides: edited differently, it is a conflict with no common text', async () => {
    const mine = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('drafts.save', { id: mine.id, pitch: '# Ada’s pitch\n', customFields: {}, baseVersion: mine.version })
    const theirs = await ben.app.call('drafts.create', { grantId: IDS.open })
    await ben.app.call('drafts.save', { id: theirs.id, pitch: '# Ben’s pitch\n', customFields: {}, baseVersion: theirs.version })
    expect(mine.id).toBe(theirs.id)
    await ada.app.call('sync.run')
    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('conflict')
    expect(result.conflicts[0]!.pitch).toMatchObject({
      base: null,
      conflicted: true,
      hunks: [{ kind: 'conflict', base: null, ours: '# Ben’s pitch\n', theirs: '# Ada’s pitch\n' }],
    })
  })
})
