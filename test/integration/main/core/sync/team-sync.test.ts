/**
 * Team sync through real git: a bare repository and two clones, an author (Ada) and a reviewer
 * (Ben), each with a real core whose drafts folder is `drafts/` in their clone, talking to the
 * real sandbox for the grant. Everything goes through `dispatch`, as from the renderer.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { quoteAt } from '../../../../../src/shared/review'
import { startTestCore } from '../../../../support/core'
import { until, type GitTeam, type Teammate } from '../../../../support/git-team'
import { useAdaAndBen } from '../../../../support/git-team-hooks'
import { IDS, type TestService } from '../../../../support/service'

let service: TestService, team: GitTeam, ada: Teammate, ben: Teammate
useAdaAndBen((crew) => ({ service, team, ada, ben } = crew))

const PITCH =
  '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Solution\n\nA tracer that replays the transaction step by step.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

async function writeDraft(who: Teammate, pitch = PITCH) {
  const created = await who.app.call('drafts.create', { grantId: IDS.open })
  return who.app.call('drafts.save', { id: created.id, pitch, customFields: { project_name: 'Tracekit' }, baseVersion: created.version })
}

/** A teammate whose drafts folder is tracked with git by the app (no clone), with the remote given. */
async function trackedTeammate(name: string, folder: string, remote: string) {
  mkdirSync(folder)
  const app = await startTestCore({ serviceUrl: service.url, env: team.env })
  await app.call('settings.update', { draftsFolder: folder, reviewerName: name })
  await app.call('sync.track', { remoteUrl: remote })
  team.git(folder, 'config', 'user.name', `${name} Example`)
  team.git(folder, 'config', 'user.email', `${name.toLowerCase()}@example.org`)
  return { app, folder }
}

function status(who: Teammate): string {
  return who.git('status', '--porcelain', '--untracked-files=all')
}

describe('an author and a reviewer on one git repository', () => {
  it('carries a draft to the reviewer and the review back to the author, with their own git identities', async () => {
    // Files of the repository that are not the app's: a team note beside the drafts, a file outside.
    writeFileSync(join(ada.drafts, 'README.md'), '# Our drafts\n')
    writeFileSync(join(ada.clone, 'notes.txt'), 'not for the app\n')
    // Ada staged it herself, for a commit of her own: it stays staged, and out of the sync's commit.
    ada.git('add', 'notes.txt')
    const draft = await writeDraft(ada)

    const sent = await ada.app.call('sync.run')
    expect(sent.outcome).toBe('synced')
    expect(sent.committed?.message).toMatch(/^Ada: start 'Open grant with a form'/)
    expect(sent.sent).toBe(1)
    expect(sent.state.repository).toMatchObject({ branch: 'main', upstream: 'origin/main', ahead: 0, behind: 0, unsent: 0 })
    expect(sent.state.summary).toBe('main · up to date')
    // The commit carries Ada's git identity (not the reviewer name), and only the draft's file.
    expect(ada.git('log', '-1', '--format=%an <%ae>|%cn <%ce>').trim()).toBe('Ada Example <ada@example.org>|Ada Example <ada@example.org>')
    // (With it, the record that Ada wrote the draft, which the review gate counts.)
    expect(ada.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
      `drafts/${draft.fileName}`,
      expect.stringMatching(/^drafts\/open-grant-with-a-form\.reviews\/[^/]+\.yaml$/),
    ])
    expect(status(ada)).toBe('A  notes.txt\n?? drafts/README.md\n')

    const received = await ben.app.call('sync.run')
    expect(received.outcome).toBe('synced')
    expect(received.committed).toBeNull()
    // Ada by her reviewer name (her author record says which git author she is), not "Ada Example".
    expect(received.received?.text).toBe('Ada: started Open grant with a form')
    const listed = await ben.app.call('drafts.list')
    expect(listed.items.map((item) => item.id)).toEqual([draft.id])

    const onBen = await ben.app.call('drafts.get', { id: draft.id })
    const start = PITCH.indexOf('cannot see why')
    const thread = await ben.app.call('reviews.addThread', {
      draftId: draft.id,
      anchor: { target: 'pitch', quote: quoteAt(PITCH, start, start + 'cannot see why'.length) },
      body: 'Cite the survey.',
    })
    await ben.app.call('reviews.setVerdict', { draftId: draft.id, verdict: 'request-changes', note: 'Numbers first.', baseVersion: onBen.version })
    expect((await ben.app.call('sync.state')).repository?.uncommitted).toBe(2)
    const review = await ben.app.call('sync.run')
    expect(review.committed?.message).toMatch(
      /^Ben: 1 comment, 1 request for changes on 'Open grant with a form'\n\n- Open grant with a form \(open-grant-with-a-form\.md\): 1 comment, 1 request for changes$/,
    )
    expect(ben.git('log', '-1', '--format=%an').trim()).toBe('Ben Example')

    ada.app.events.length = 0
    const back = await ada.app.call('sync.run')
    expect(back.received?.text).toBe('Ben: requested changes on Open grant with a form, 1 comment on Open grant with a form')
    expect(back.received?.newThreads).toEqual([{ draftId: draft.id, threadId: thread.threads[0]!.id, kind: 'new' }])
    // Live: the watcher tells the author's window, as after a `git pull`.
    await until('the comment to reach Ada live', () =>
      ada.app.events.some((e) => e.event === 'drafts.changed' && (e.payload as { ids: string[] }).ids.includes(draft.id)),
    )
    expect(ada.app.events.some((e) => e.event === 'sync.arrived')).toBe(true)
    const reviewOnAda = await ada.app.call('reviews.get', { draftId: draft.id })
    expect(reviewOnAda.threads.map((t) => t.body)).toEqual(['Cite the survey.'])
    expect(reviewOnAda.verdicts).toEqual([expect.objectContaining({ author: 'Ben', verdict: 'request-changes' })])

    // New until seen, kept in Ada's own data folder.
    expect((await ada.app.call('sync.news')).unseen).toEqual([expect.objectContaining({ draftId: draft.id, threadId: thread.threads[0]!.id, kind: 'new' })])
    expect(JSON.parse(readFileSync(join(ada.app.dataDir, 'team-sync.json'), 'utf8')).folders[ada.drafts].unseen).toHaveLength(1)
    expect((await ada.app.call('sync.markSeen', { draftId: draft.id })).unseen).toEqual([])
    // Still only the app's files were ever committed; Ada's own files are as she left them.
    expect(status(ada)).toBe('A  notes.txt\n?? drafts/README.md\n')
    expect(
      ada
        .git('log', '--all', '--format=', '--name-only')
        .split('\n')
        .filter((path) => path !== '' && !path.startsWith('drafts/open-grant-with-a-form')),
    ).toEqual([])
    expect(status(ben)).toBe('')
  })

  it('names the teammate whose pull brought a version in the draft’s History', async () => {
    const draft = await writeDraft(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    const onBen = await ben.app.call('drafts.get', { id: draft.id })
    await ben.app.call('drafts.save', {
      id: draft.id,
      pitch: onBen.pitch.replace('six months', 'five months'),
      customFields: onBen.customFields,
      baseVersion: onBen.version,
    })
    await ben.app.call('sync.run')
    await ada.app.call('sync.run')
    const versions = await until('the pulled version in Ada’s history', async () => {
      const list = await ada.app.call('history.list', { draftId: draft.id })
      return list.versions.some((v) => v.source === 'external' && v.savedBy === 'Ben') && list.versions
    })
    // The name Ben reviews under (his author record came with the edit), as his comments show it.
    expect(versions[0]).toMatchObject({ source: 'external', savedBy: 'Ben' })
    expect((await ada.app.call('drafts.get', { id: draft.id })).pitch).toContain('five months')
  })

  it('a teammate who tracked a folder of their own joins a team repository started the same way (a folder name with a space and an accent)', async () => {
    const remote = join(team.root, 'tracked-team.git')
    team.git(team.root, 'init', '-q', '--bare', '-b', 'main', remote)
    const dan = await trackedTeammate('Dan', join(team.root, 'dan drafts'), remote)
    const cleo = await trackedTeammate('Cleo', join(team.root, 'Équipe drafts'), remote)
    try {
      const first = await dan.app.call('drafts.create', { grantId: IDS.open })
      await dan.app.call('sync.run')
      const mine = await cleo.app.call('drafts.create', { grantId: IDS.freeForm })
      // Two histories with nothing in common yet: the first sync joins them.
      const joined = await cleo.app.call('sync.run')
      expect(joined.outcome).toBe('synced')
      expect(joined.received?.text).toBe('Dan: started Open grant with a form')
      expect((await cleo.app.call('drafts.list')).items.map((item) => item.id).sort()).toEqual([first.id, mine.id].sort())
      expect(team.git(cleo.folder, 'status', '--porcelain')).toBe('')
      await dan.app.call('sync.run')
      expect((await dan.app.call('drafts.list')).items.map((item) => item.id).sort()).toEqual([first.id, mine.id].sort())
    } finally {
      await dan.app.dispose()
      await cleo.app.dispose()
    }
  })

  it('refuses to join a team repository that keeps its drafts elsewhere, and says to clone it instead', async () => {
    await writeDraft(ada)
    await ada.app.call('sync.run')
    const cleo = await trackedTeammate('Cleo', join(team.root, 'cleo drafts'), team.remote)
    try {
      await cleo.app.call('drafts.create', { grantId: IDS.freeForm })
      await until('Cleo’s author record', () => (team.git(cleo.folder, 'status', '--porcelain', '--untracked-files=all').match(/\.yaml/) ? true : false))
      const error = await cleo.app.fail('sync.run')
      expect(error).toMatchObject({ code: 'sync_failed', syncProblem: 'unrelated_histories' })
      expect(error.message).toContain('keeps its drafts in drafts/, and this folder’s repository keeps them at its top')
      expect(error.message).toContain(`git clone ${team.remote}`)
      // Cleo's draft is committed in her repository; nothing of the team's came in, no upstream was set.
      expect(team.git(cleo.folder, 'status', '--porcelain')).toBe('')
      expect(team.git(cleo.folder, 'ls-files').trim().split('\n')).not.toContain('drafts/open-grant-with-a-form.md')
      expect(() => team.git(cleo.folder, 'rev-parse', '--abbrev-ref', '@{upstream}')).toThrow()
    } finally {
      await cleo.app.dispose()
    }
  })

  it('ends twenty rounds of both commenting and syncing in either order with every comment on both sides and a clean work tree', async () => {
    const draft = await writeDraft(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    for (let round = 1; round <= 20; round++) {
      await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: `Ada ${round}` })
      await ben.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: `Ben ${round}` })
      const order = round % 2 === 0 ? [ada, ben] : [ben, ada]
      for (const who of order) expect((await who.app.call('sync.run')).outcome).toBe('synced')
    }
    // The one who synced first in the last round has not seen the other's last comment yet.
    await ada.app.call('sync.run')
    const expected = Array.from({ length: 20 }, (_, i) => [`Ada ${i + 1}`, `Ben ${i + 1}`])
      .flat()
      .sort()
    for (const who of [ada, ben]) {
      const bodies = (await who.app.call('reviews.get', { draftId: draft.id })).threads.map((t) => t.body).sort()
      expect(bodies).toEqual(expected)
      expect(status(who)).toBe('')
      expect((await who.app.call('sync.state')).repository).toMatchObject({ ahead: 0, behind: 0, unsent: 0, operation: null })
    }
    expect(ada.git('rev-parse', 'HEAD')).toBe(ben.git('rev-parse', 'HEAD'))
    expect(team.git(team.remote, 'rev-parse', 'main')).toBe(ada.git('rev-parse', 'HEAD'))
  }, 120_000)
})

describe('a pitch edited on both sides', () => {
  async function bothHave() {
    const draft = await writeDraft(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    return draft
  }

  async function edit(who: Teammate, id: string, change: (pitch: string) => string) {
    const now = await who.app.call('drafts.get', { id })
    return who.app.call('drafts.save', { id, pitch: change(now.pitch), customFields: now.customFields, baseVersion: now.version })
  }

  it('merges edits of different paragraphs without a conflict, though both saves rewrote updated_at', async () => {
    const draft = await bothHave()
    await edit(ada, draft.id, (p) => p.replace('cannot see why a transaction failed', 'cannot see why a transaction reverted'))
    await edit(ben, draft.id, (p) => p.replace('40,000 USD', '38,000 USD'))
    expect((await ada.app.call('sync.run')).outcome).toBe('synced')
    const merged = await ben.app.call('sync.run')
    expect(merged.outcome).toBe('synced')
    expect(merged.conflicts).toEqual([])
    for (const who of [ben, ada]) {
      if (who === ada) await ada.app.call('sync.run')
      const pitch = (await who.app.call('drafts.get', { id: draft.id })).pitch
      expect(pitch).toContain('transaction reverted')
      expect(pitch).toContain('38,000 USD')
      expect(pitch).not.toMatch(/^<{7}|^>{7}/m)
      expect(status(who)).toBe('')
    }
  })

  it('reports the same paragraph edited on both sides as a conflict, keeps ours in the file, and after resolving is clean and pushed', async () => {
    const draft = await bothHave()
    await edit(ada, draft.id, (p) => p.replace('40,000 USD over six months', '45,000 USD over six months'))
    await edit(ben, draft.id, (p) => p.replace('40,000 USD over six months', '40,000 USD over four months'))
    await ada.app.call('sync.run')
    const benBefore = readFileSync(join(ben.drafts, draft.fileName), 'utf8')

    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('conflict')
    expect(result.conflicts).toHaveLength(1)
    const conflict = result.conflicts[0]!
    expect(conflict).toMatchObject({ draftId: draft.id, title: 'Open grant with a form', theirAuthor: 'Ada Example', fields: [] })
    expect(conflict.pitch.conflicted).toBe(true)
    expect(conflict.pitch.hunks).toContainEqual({
      kind: 'conflict',
      base: 'We ask for 40,000 USD over six months.\n',
      ours: 'We ask for 40,000 USD over four months.\n',
      theirs: 'We ask for 45,000 USD over six months.\n',
    })
    // The file is Ben's own text, never conflict markers; git knows the merge is not done.
    const onDisk = readFileSync(join(ben.drafts, draft.fileName), 'utf8')
    expect(onDisk).not.toMatch(/^<{7}|^={7}$|^>{7}/m)
    expect(onDisk).toContain('four months')
    expect(onDisk.split('---\n')[2]).toBe(benBefore.split('---\n')[2])
    expect(ben.git('status', '--porcelain')).toBe('UU drafts/open-grant-with-a-form.md\n')
    expect(result.state.repository).toMatchObject({ appMerge: true, operation: 'merge', conflicts: [{ draftId: draft.id, title: 'Open grant with a form' }] })
    expect((await ben.app.call('drafts.list')).items[0]).toMatchObject({ state: 'ok', id: draft.id })
    // Asked again (a restart reads the same from git), the same conflict.
    expect((await ben.app.call('sync.conflicts')).conflicts).toEqual([{ ...conflict, version: conflict.version }])

    const resolvedPitch = conflict.pitch.hunks.map((h) => (h.kind === 'same' ? h.text : 'We ask for 45,000 USD over four months.\n')).join('')
    const done = await ben.app.call('sync.resolve', {
      draftId: draft.id,
      pitch: resolvedPitch,
      customFields: conflict.mergedFields,
      baseVersion: conflict.version,
    })
    expect(done.outcome).toBe('synced')
    expect(status(ben)).toBe('')
    expect(ben.git('rev-list', '--parents', '-1', 'HEAD').trim().split(' ')).toHaveLength(3)
    expect(team.git(team.remote, 'rev-parse', 'main')).toBe(ben.git('rev-parse', 'HEAD'))
    expect(done.state.repository).toMatchObject({ appMerge: false, operation: null, ahead: 0, unsent: 0 })
    await ada.app.call('sync.run')
    expect((await ada.app.call('drafts.get', { id: draft.id })).pitch).toContain('45,000 USD over four months')
  })
})
