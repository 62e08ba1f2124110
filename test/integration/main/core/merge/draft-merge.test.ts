/**
 * The app's three-way merge of one draft file, with git's own `git merge-file` for the pitch
 * (real git, in a scratch folder), and the words a commit message and an arrival are made of.
 */
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { DRAFT_FORMAT, parseDraftFile, serializeDraftFile, type DraftFrontMatter } from '../../../../../src/shared/draft-file'
import { arrivalText, commitSubject, emptyActivity, shortTitle } from '../../../../../src/main/core/sync/activity'
import { mergeDraft, parseMergeFileOutput } from '../../../../../src/main/core/merge/draft-merge'
import { Git } from '../../../../../src/main/core/sync/git'
import { textMergeWith } from '../../../../../src/main/core/sync/merge'
import { tempDir } from '../../../../support/service'

const scratch = tempDir('grant-desk-merge-file-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const merge = textMergeWith(new Git({ cwd: scratch, env: process.env }))

const PITCH = '# Tracekit\n\n## Problem\n\nWallets fail silently.\n\n## Budget\n\n40,000 USD.\n'

function file(
  change: {
    pitch?: string
    fields?: Record<string, string>
    updated?: string
    status?: 'draft' | 'submitted'
    applicationId?: string | null
    deadline?: string
  } = {},
): string {
  const frontMatter: DraftFrontMatter = {
    format: DRAFT_FORMAT,
    grant: {
      id: '11111111-1111-4111-8111-111111111111',
      title: 'Polar Security Tooling Grants',
      reward: '50,000 USD',
      deadline: change.deadline ?? '2030-01-01T00:00:00.000Z',
      apply_endpoint: 'POST /api/build/1/apply',
      application_schema: [{ name: 'project_name', label: 'Project name', type: 'text', required: true }],
    },
    custom_fields: change.fields ?? { project_name: 'Tracekit' },
    status: change.status ?? 'draft',
    application_id: change.applicationId ?? null,
    created_at: '2029-01-01T00:00:00.000Z',
    updated_at: change.updated ?? '2029-01-01T00:00:00.000Z',
  }
  return serializeDraftFile(frontMatter, change.pitch ?? PITCH)
}

describe('mergeDraft', () => {
  it('merges edits of different paragraphs and takes the later updated_at (a line git alone reports as a conflict)', async () => {
    const result = await mergeDraft(
      {
        base: file(),
        ours: file({ pitch: PITCH.replace('fail silently', 'fail without a word'), updated: '2029-02-01T00:00:00.000Z' }),
        theirs: file({ pitch: PITCH.replace('40,000', '38,000'), updated: '2029-03-01T00:00:00.000Z', deadline: '2030-02-01T00:00:00.000Z' }),
      },
      merge,
    )
    expect(result.kind).toBe('clean')
    const merged = parseDraftFile((result as { text: string }).text)
    expect(merged.pitch).toBe(PITCH.replace('fail silently', 'fail without a word').replace('40,000', '38,000'))
    expect(merged.frontMatter).toMatchObject({ updated_at: '2029-03-01T00:00:00.000Z', grant: { deadline: '2030-02-01T00:00:00.000Z' } })
  })

  it('merges different fields; the same field changed two ways is a conflict, with ours in the file meanwhile', async () => {
    const clean = await mergeDraft(
      { base: file(), ours: file({ fields: { project_name: 'Tracekit', repo: 'r' } }), theirs: file({ fields: { project_name: 'Tracekit', amount: '5' } }) },
      merge,
    )
    expect(clean.kind === 'clean' && parseDraftFile(clean.text!).frontMatter.custom_fields).toEqual({ project_name: 'Tracekit', repo: 'r', amount: '5' })

    const result = await mergeDraft(
      { base: file(), ours: file({ fields: { project_name: 'Ours' } }), theirs: file({ fields: { project_name: 'Theirs' } }) },
      merge,
    )
    expect(result).toMatchObject({
      kind: 'conflict',
      fields: [{ name: 'project_name', label: 'Project name', base: 'Tracekit', ours: 'Ours', theirs: 'Theirs' }],
      pitch: { conflicted: false },
    })
    expect(result.kind === 'conflict' && parseDraftFile(result.fileText).frontMatter.custom_fields).toEqual({ project_name: 'Ours' })
  })

  it('cuts a pitch conflict into hunks of base, ours and theirs, and never puts markers in the file', async () => {
    const result = await mergeDraft(
      { base: file(), ours: file({ pitch: PITCH.replace('40,000', '45,000') }), theirs: file({ pitch: PITCH.replace('40,000', '35,000') }) },
      merge,
    )
    expect(result.kind).toBe('conflict')
    if (result.kind !== 'conflict') return
    expect(result.pitch.hunks).toEqual([
      { kind: 'same', text: '# Tracekit\n\n## Problem\n\nWallets fail silently.\n\n## Budget\n\n' },
      { kind: 'conflict', base: '40,000 USD.\n', ours: '45,000 USD.\n', theirs: '35,000 USD.\n' },
    ])
    expect(result.fileText).not.toMatch(/^[<=>|]{7}/m)
    expect(parseDraftFile(result.fileText).pitch).toBe(PITCH.replace('40,000', '45,000'))
  })

  it('keeps what was sent when one side submitted, and says the other side’s edits are in History', async () => {
    const result = await mergeDraft(
      {
        base: file(),
        ours: file({ pitch: PITCH.replace('40,000', '45,000') }),
        theirs: file({ status: 'submitted', applicationId: '99999999-9999-4999-8999-999999999999', pitch: PITCH.replace('Wallets', 'Wallet users') }),
      },
      merge,
    )
    expect(result.kind).toBe('clean')
    if (result.kind !== 'clean') return
    const merged = parseDraftFile(result.text!)
    expect(merged.frontMatter).toMatchObject({ status: 'submitted', application_id: '99999999-9999-4999-8999-999999999999' })
    expect(merged.pitch).toBe(PITCH.replace('Wallets', 'Wallet users'))
    expect(result.note).toContain('your edits since are in its History')
  })

  it('keeps a draft deleted on one side and changed on the other; reports a side that is not a draft', async () => {
    const kept = await mergeDraft({ base: file(), ours: null, theirs: file({ pitch: 'changed\n' }) }, merge)
    expect(kept).toMatchObject({ kind: 'clean', text: file({ pitch: 'changed\n' }) })
    expect(await mergeDraft({ base: file(), ours: null, theirs: null }, merge)).toEqual({ kind: 'clean', text: null, note: null })
    const broken = await mergeDraft({ base: file(), ours: file(), theirs: '---\nformat: [\n---\nx' }, merge)
    expect(broken).toMatchObject({ kind: 'unreadable' })
  })
})

describe('parseMergeFileOutput', () => {
  it('reads diff3 blocks of 31-character markers and leaves shorter marker-like lines as text', () => {
    const m = (c: string) => c.repeat(31)
    const text = `same\n======= not a marker\n${m('<')} ours\nmine\n${m('|')} base\nold\n${m('=')}\nyours\n${m('>')} theirs\ntail`
    expect(parseMergeFileOutput(text)).toEqual([
      { kind: 'same', text: 'same\n======= not a marker\n' },
      { kind: 'conflict', base: 'old\n', ours: 'mine\n', theirs: 'yours\n' },
      { kind: 'same', text: 'tail' },
    ])
  })
})

describe('commit messages and arrivals', () => {
  const polar = () => emptyActivity('polar-security-tooling-grants', 'Polar Security Tooling Grants')
  const arcadia = () => emptyActivity('arcadia', 'Arcadia Open Source Fund for Wallet Infrastructure')

  it('says what changed: "Ada: edit \'Polar Security Tooling Grants\'; 2 comments, 1 approval"', () => {
    const edited = { ...polar(), edited: true, comments: 2, approvals: 1 }
    expect(commitSubject('Ada', [edited], [])).toBe("Ada: edit 'Polar Security Tooling Grants'; 2 comments, 1 approval")
    expect(commitSubject('Ada', [{ ...polar(), comments: 1, changeRequests: 1 }], [])).toBe(
      "Ada: 1 comment, 1 request for changes on 'Polar Security Tooling Grants'",
    )
    expect(
      commitSubject(
        'Ada',
        [
          { ...polar(), started: true },
          { ...arcadia(), edited: true },
        ],
        ['the team policy'],
      ),
    ).toBe("Ada: start 'Polar Security Tooling Grants', edit 'Arcadia Open Source Fund for Wallet…'; update the team policy")
    const many = ['a', 'b', 'c'].map((id) => ({ ...emptyActivity(id, id.toUpperCase()), edited: true }))
    expect(commitSubject('Ada', many, [])).toBe('Ada: edit 3 drafts')
  })

  it('sums up an arrival per teammate: "Ben: 3 comments on Polar…, approved Arcadia…"', () => {
    expect(
      arrivalText([
        {
          name: 'Ben',
          drafts: [
            { ...polar(), comments: 3 },
            { ...arcadia(), approvals: 1 },
          ],
        },
      ]),
    ).toBe('Ben: 3 comments on Polar Security Tooling…, approved Arcadia Open Source…')
    expect(shortTitle('Short')).toBe('Short')
  })
})
