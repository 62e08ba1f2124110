/**
 * Team review through two real cores sharing one drafts folder (an author and a reviewer, as two
 * teammates on one synced folder), with real files on disk and a real sandbox for the grant:
 * comments, replies, resolving, suggestions, verdicts that go stale, live notification of the
 * other side, simultaneous writers, the version 1 migration, unreadable records kept as they
 * are, and a git merge of two branches that each add a comment.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDraftFile } from '../../../../../src/shared/draft-file'
import { quoteAt, parseRecordFile, summarize } from '../../../../../src/shared/review'
import { useAuthorAndReviewer } from '../../../../support/author-and-reviewer'
import type { TestCore } from '../../../../support/core'
import { until } from '../../../../support/git-team'
import { IDS } from '../../../../support/service'

let folder: string
let author: TestCore
let reviewer: TestCore
useAuthorAndReviewer('grant-desk-team-', (pair) => ({ folder, author, reviewer } = pair))

const PITCH = '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

async function draftWithPitch() {
  const created = await author.call('drafts.create', { grantId: IDS.open })
  return author.call('drafts.save', { id: created.id, pitch: PITCH, customFields: { project_name: 'Tracekit' }, baseVersion: created.version })
}

function pitchQuote(text: string) {
  const start = PITCH.indexOf(text)
  return quoteAt(PITCH, start, start + text.length)
}

/** The review records of a draft, without its author records (written in the background after each first save). */
function recordFiles(id: string): string[] {
  const dir = join(folder, `${id}.reviews`)
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => !/^kind: author$/m.test(readFileSync(join(dir, name), 'utf8')))
        .sort()
    : []
}

describe('a reviewer and an author on one folder', () => {
  it('carries a comment, a suggestion and a request for changes to the author, live, without touching the draft file', async () => {
    const draft = await draftWithPitch()
    const before = readFileSync(join(folder, draft.fileName), 'utf8')
    author.events.length = 0

    await reviewer.call('reviews.addThread', {
      draftId: draft.id,
      anchor: { target: 'pitch', quote: pitchQuote('cannot see why a transaction failed') },
      body: 'Who told you this? Cite the survey.',
    })
    await reviewer.call('reviews.addThread', {
      draftId: draft.id,
      anchor: { target: 'pitch', quote: pitchQuote('40,000 USD') },
      body: 'Split this per milestone.',
      suggestion: '40,000 USD in three milestones',
    })
    const after = await reviewer.call('reviews.setVerdict', {
      draftId: draft.id,
      verdict: 'request-changes',
      note: 'Budget needs milestones.',
      baseVersion: draft.version,
    })

    // The author's core hears of it from the folder, as from a teammate's machine.
    await until('the author to be told', () =>
      author.events.some((e) => e.event === 'drafts.changed' && (e.payload as { ids: string[] }).ids.includes(draft.id)),
    )
    // The draft itself is untouched: the author's next save is not a conflict.
    expect(readFileSync(join(folder, draft.fileName), 'utf8')).toBe(before)
    const seen = await author.call('reviews.get', { draftId: draft.id })
    expect(seen).toEqual(after)
    expect(seen.threads.map((t) => [t.author, t.body, t.suggestion?.text ?? null])).toEqual([
      ['Ben', 'Who told you this? Cite the survey.', null],
      ['Ben', 'Split this per milestone.', '40,000 USD in three milestones'],
    ])
    expect(summarize(seen, { pitch: PITCH, fields: { project_name: 'Tracekit' } }).approval).toBe('changes-requested')

    // The author applies the suggestion (the editor makes the edit and saves), then resolves the other thread.
    const edited = PITCH.replace('40,000 USD', '40,000 USD in three milestones')
    const saved = await author.call('drafts.save', { id: draft.id, pitch: edited, customFields: { project_name: 'Tracekit' }, baseVersion: draft.version })
    await author.call('reviews.decideSuggestion', { draftId: draft.id, threadId: seen.threads[1]!.id, decision: 'applied' })
    const resolved = await author.call('reviews.setResolved', { draftId: draft.id, threadId: seen.threads[0]!.id, resolved: true })
    expect(resolved.threads.map((t) => t.resolved)).toEqual([true, true])
    expect(resolved.threads[1]!.suggestion).toMatchObject({ decision: 'applied', decidedBy: 'Ada' })
    expect(summarize(resolved, { pitch: edited, fields: { project_name: 'Tracekit' } }).approval).toBe('changes-made')

    // The reviewer approves what is on disk now; an edit after that makes the approval stale.
    const approved = await reviewer.call('reviews.setVerdict', { draftId: draft.id, verdict: 'approve', note: '', baseVersion: saved.version })
    expect(summarize(approved, { pitch: edited, fields: { project_name: 'Tracekit' } }).approval).toBe('approved')
    const later = await author.call('drafts.save', {
      id: draft.id,
      pitch: `${edited}\nOne more line.\n`,
      customFields: { project_name: 'Tracekit' },
      baseVersion: saved.version,
    })
    const listed = (await author.call('drafts.list')).items.find((item) => item.id === draft.id)
    expect(listed).toMatchObject({ state: 'ok', review: { openThreads: 0, approval: 'stale', text: 'Ben approved an earlier version' } })
    const verdict = approved.verdicts.at(-1)!
    expect(verdict.reviewed.pitch).toBe(edited)
    expect(later.pitch.slice(verdict.reviewed.pitch.length)).toBe('\nOne more line.\n')
  })

  it('refuses a verdict on a version the reviewer did not see, and records nothing', async () => {
    const draft = await draftWithPitch()
    const stale = (await author.call('drafts.get', { id: draft.id })).version
    await author.call('drafts.save', { id: draft.id, pitch: `${PITCH}More.\n`, customFields: {}, baseVersion: stale })
    const error = await reviewer.fail('reviews.setVerdict', { draftId: draft.id, verdict: 'approve', baseVersion: stale })
    expect(error.code).toBe('conflict')
    expect(error.message).toMatch(/changed on disk since you opened it/)
    expect(recordFiles(draft.id)).toEqual([])
  })

  it('asks for a reviewer name before the first comment', async () => {
    const draft = await draftWithPitch()
    await reviewer.call('settings.update', { reviewerName: '' })
    const error = await reviewer.fail('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Looks good' })
    expect(error).toMatchObject({ code: 'invalid_input', fields: { reviewerName: expect.any(String) } })
    expect(error.message).toMatch(/Set your reviewer name first/)
  })

  it('lets only the author of a comment edit or delete it; a deleted comment keeps its replies', async () => {
    const draft = await draftWithPitch()
    const data = await reviewer.call('reviews.addThread', {
      draftId: draft.id,
      anchor: { target: 'field', field: 'project_name', quote: null },
      body: 'Is the name taken?',
    })
    const thread = data.threads[0]!
    expect(thread.anchor).toEqual({ target: 'field', field: 'project_name', quote: null })
    await author.call('reviews.reply', { draftId: draft.id, threadId: thread.id, body: 'Checked: it is free.' })
    const refused = await author.fail('reviews.editComment', { draftId: draft.id, commentId: thread.id, body: 'changed by someone else' })
    expect(refused.message).toBe('Only Ben can edit this comment. Reply to it instead.')
    const edited = await reviewer.call('reviews.editComment', { draftId: draft.id, commentId: thread.id, body: 'Is the name taken on npm?' })
    expect(edited.threads[0]).toMatchObject({ body: 'Is the name taken on npm?', editedAt: expect.any(String) })
    const deleted = await reviewer.call('reviews.deleteComment', { draftId: draft.id, commentId: thread.id })
    expect(deleted.threads[0]).toMatchObject({ deleted: true, body: '' })
    expect(deleted.threads[0]!.replies.map((r) => r.body)).toEqual(['Checked: it is free.'])
    // The record file stays (replies still point at it), without the text.
    const record = parseRecordFile(`${thread.id}.yaml`, readFileSync(join(folder, `${draft.id}.reviews`, `${thread.id}.yaml`), 'utf8'))
    expect(record).toMatchObject({ kind: 'thread', body: '', deleted_at: expect.any(String) })
  })

  it('refuses a comment on a field the application does not have', async () => {
    const draft = await draftWithPitch()
    const error = await reviewer.fail('reviews.addThread', { draftId: draft.id, anchor: { target: 'field', field: 'no_such_field', quote: null }, body: 'x' })
    expect(error).toMatchObject({ code: 'invalid_input', message: 'This application has no field "no_such_field" to comment on.' })
  })

  it('keeps every comment when both teammates comment at the same moment, 20 times in a row', async () => {
    const draft = await draftWithPitch()
    for (let round = 0; round < 20; round++) {
      await Promise.all([
        author.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: `Ada ${round}` }),
        reviewer.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: `Ben ${round}` }),
      ])
    }
    const data = await author.call('reviews.get', { draftId: draft.id })
    expect(data.threads).toHaveLength(40)
    expect(new Set(data.threads.map((t) => t.body)).size).toBe(40)
    expect(recordFiles(draft.id)).toHaveLength(40)
  })

  it('moves the review folder to the trash with its draft, so a new draft of the same name starts clean', async () => {
    const draft = await draftWithPitch()
    await reviewer.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Old comment' })
    const { movedTo } = await author.call('drafts.delete', { id: draft.id })
    expect(existsSync(join(folder, `${draft.id}.reviews`))).toBe(false)
    expect(
      readdirSync(movedTo.replace(/\.md$/, '.reviews')).filter((name) =>
        readFileSync(join(movedTo.replace(/\.md$/, '.reviews'), name), 'utf8').includes('Old comment'),
      ),
    ).toHaveLength(1)
    const again = await author.call('drafts.create', { grantId: IDS.open })
    expect(again.id).toBe(draft.id)
    expect((await author.call('reviews.get', { draftId: again.id })).threads).toEqual([])
  })
})

describe('files a person or another tool wrote', () => {
  it('lists a malformed record as unreadable, keeps it byte for byte, and reads the rest', async () => {
    const draft = await draftWithPitch()
    await reviewer.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Fine' })
    const bad = join(folder, `${draft.id}.reviews`, '20261101T000000000Z-deadbeef.yaml')
    const badText = 'id: 20261101T000000000Z-deadbeef\nkind: thread\nauthor: Cy\n'
    writeFileSync(bad, badText)
    writeFileSync(join(folder, `${draft.id}.reviews`, '20261101T000000000Z-0badf00d (conflicted copy).yaml'), 'anything')
    const data = await author.call('reviews.get', { draftId: draft.id })
    expect(data.threads.map((t) => t.body)).toEqual(['Fine'])
    expect(data.unreadable.map((u) => u.fileName)).toEqual(['20261101T000000000Z-0badf00d (conflicted copy).yaml', '20261101T000000000Z-deadbeef.yaml'])
    expect(data.unreadable[1]!.reason).toMatch(/^20261101T000000000Z-deadbeef\.yaml is not a review record: .*created_at.*Grant Desk leaves it untouched/)
    await author.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Another' })
    expect(readFileSync(bad, 'utf8')).toBe(badText)
    expect((await author.call('drafts.list')).items.find((i) => i.id === draft.id)).toMatchObject({ review: { unreadable: 2, openThreads: 2 } })
  })

  it('reads a version 1 draft with reviews in it, and moves them to record files on the next save, keeping an unreadable entry in the file', async () => {
    const draft = await draftWithPitch()
    const path = join(folder, draft.fileName)
    const v1 = readFileSync(path, 'utf8')
      .replace('format: grant-desk-draft/2', 'format: grant-desk-draft/1')
      .replace(
        /\n---\n/,
        '\nreviews:\n  - author: Cy\n    created_at: 2026-11-01T10:00:00.000Z\n    body: Tighten the intro.\n  - author: Dee\n    body: no date here\n---\n',
      )
    writeFileSync(path, v1)
    const read = await author.call('reviews.get', { draftId: draft.id })
    expect(read.threads.map((t) => [t.author, t.body, t.anchor.target])).toEqual([['Cy', 'Tighten the intro.', 'draft']])
    expect(read.unreadable).toEqual([
      { fileName: `${draft.id}.md (reviews, entry 2)`, reason: expect.stringMatching(/created_at.*stays in the draft file as it is/) },
    ])

    const opened = await author.call('drafts.get', { id: draft.id })
    await author.call('drafts.save', { id: draft.id, pitch: opened.pitch, customFields: opened.customFields, baseVersion: opened.version })
    const file = parseDraftFile(readFileSync(path, 'utf8'))
    expect(file.frontMatter.format).toBe('grant-desk-draft/2')
    expect(file.frontMatter.reviews).toEqual([{ author: 'Dee', body: 'no date here' }])
    expect(recordFiles(draft.id)).toEqual([`${read.threads[0]!.id}.yaml`])
    // Same thread, same id, not a second copy; the unreadable entry is now the file's only one.
    const again = await author.call('reviews.get', { draftId: draft.id })
    expect(again.threads).toEqual(read.threads)
    expect(again.unreadable).toEqual([{ fileName: `${draft.id}.md (reviews, entry 1)`, reason: read.unreadable[0]!.reason }])
  })

  it('merges two git branches that each add a comment to one draft without a conflict', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: folder,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'T',
          GIT_AUTHOR_EMAIL: 't@example.org',
          GIT_COMMITTER_NAME: 'T',
          GIT_COMMITTER_EMAIL: 't@example.org',
          GIT_CONFIG_NOSYSTEM: '1',
          HOME: folder,
        },
      })
    mkdirSync(folder, { recursive: true })
    git('init', '-q', '-b', 'main')
    const draft = await draftWithPitch()
    await reviewer.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Base comment' })
    git('add', '-A')
    git('commit', '-qm', 'draft')
    git('checkout', '-qb', 'ada')
    const base = (await author.call('reviews.get', { draftId: draft.id })).threads[0]!
    await author.call('reviews.reply', { draftId: draft.id, threadId: base.id, body: 'Reply on Ada’s branch' })
    await author.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'pitch', quote: pitchQuote('Wallet developers') }, body: 'Ada’s comment' })
    git('add', '-A')
    git('commit', '-qm', 'ada comments')
    git('checkout', '-q', 'main')
    git('checkout', '-qb', 'ben')
    await reviewer.call('reviews.setResolved', { draftId: draft.id, threadId: base.id, resolved: true })
    await reviewer.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'pitch', quote: pitchQuote('Wallet developers') }, body: 'Ben’s comment' })
    git('add', '-A')
    git('commit', '-qm', 'ben comments')
    git('merge', '-q', '--no-edit', 'ada')
    expect(git('status', '--porcelain')).toBe('')
    const merged = await author.call('reviews.get', { draftId: draft.id })
    expect(merged.threads.map((t) => t.body).sort()).toEqual(['Ada’s comment', 'Base comment', 'Ben’s comment'])
    expect(merged.threads.find((t) => t.id === base.id)).toMatchObject({
      resolved: true,
      replies: [expect.objectContaining({ body: 'Reply on Ada’s branch' })],
    })
  })
})
