/**
 * A sync gets past what an interrupted sync left, on real git, and says what it did: its own
 * merge half done (the journal written before `git merge`), a stale `.git/index.lock`; a lock a
 * running git holds is still waited for and refused. And a team's `.gitattributes` merge
 * driver (`merge=union`) never turns a draft changed on both sides into a silent merge.
 * (test/faults/sync-kill.test.ts kills a real sync at random points.)
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { STALE_LOCK_NOTE } from '../../../../../src/main/core/sync/recovery'
import { localRemoteFolder, settleRemoteLock } from '../../../../../src/main/core/sync/remote-lock'
import { until, type GitTeam, type Teammate } from '../../../../support/git-team'
import { useAdaAndBen } from '../../../../support/git-team-hooks'
import { heldBySave } from '../../../../support/held-save-lock'
import { IDS } from '../../../../support/service'

let team: GitTeam, ada: Teammate, ben: Teammate
useAdaAndBen((crew) => ({ team, ada, ben } = crew))

const PITCH = '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

async function shared() {
  const created = await ada.app.call('drafts.create', { grantId: IDS.open })
  const draft = await ada.app.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
  await ada.app.call('sync.run')
  await ben.app.call('sync.run')
  return draft
}

async function edit(who: Teammate, id: string, pitch: (pitch: string) => string) {
  const now = await who.app.call('drafts.get', { id })
  return who.app.call('drafts.save', { id, pitch: pitch(now.pitch), customFields: now.customFields, baseVersion: now.version })
}

/**
 * What a sync killed right after `git merge` stopped leaves on Ben's side: its journal, git's
 * MERGE_HEAD and the draft with conflict markers (Ada changed the problem, Ben the budget).
 */
async function killedAfterMerge() {
  const draft = await shared()
  await edit(ada, draft.id, (pitch) => pitch.replace('cannot see why', 'never learn why'))
  await ada.app.call('sync.run')
  await edit(ben, draft.id, (pitch) => pitch.replace('40,000 USD', '45,000 USD'))
  ben.git('add', '-A')
  ben.git('commit', '-q', '-m', 'Ben: budget')
  ben.git('fetch', '-q')
  const incoming = ben.git('rev-parse', 'origin/main').trim()
  const before = ben.git('rev-parse', 'HEAD').trim()
  const journal = { format: 'grant-desk-merge/1', mergeHead: incoming, before, startedAt: new Date().toISOString(), written: {}, settled: false }
  writeFileSync(join(ben.clone, '.git', 'grant-desk-merge.json'), JSON.stringify(journal))
  expect(() => ben.git('merge', '--no-edit', 'origin/main')).toThrow()
  return draft
}

describe('a sync after an interrupted one', () => {
  it('finishes its own merge that a kill left before the conflicts were settled, and says so', async () => {
    const draft = await killedAfterMerge()
    expect(existsSync(join(ben.clone, '.git', 'MERGE_HEAD'))).toBe(true)
    expect((await ben.app.call('sync.state')).repository).toMatchObject({ appMerge: true, conflicts: [] })

    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    expect(result.notes).toContain('Finished the merge that an interrupted sync had left half done.')
    const text = readFileSync(join(ben.drafts, `${draft.id}.md`), 'utf8')
    expect(text).toContain('never learn why')
    expect(text).toContain('45,000 USD')
    expect(text).not.toContain('<<<<<<<')
    expect(existsSync(join(ben.clone, '.git', 'MERGE_HEAD'))).toBe(false)
    expect(existsSync(join(ben.clone, '.git', 'grant-desk-merge.json'))).toBe(false)
    expect(ben.git('status', '--porcelain')).toBe('')
  })

  it("keeps a save made after the kill when it finishes the merge: the draft as it is now is this side, not git's stage, with a message when git wrote none", async () => {
    const draft = await killedAfterMerge()
    // As the app's merge driver leaves it (this side's text), then Ben saves once more before the next sync.
    const file = join(ben.drafts, `${draft.id}.md`)
    writeFileSync(file, ben.git('show', `:2:drafts/${draft.id}.md`))
    await edit(ben, draft.id, (pitch) => pitch.replace('## Budget\n', '## Budget\n\nSaved after the kill.\n'))
    // Killed after git wrote MERGE_HEAD but before MERGE_MSG: a commit with no message is refused.
    rmSync(join(ben.clone, '.git', 'MERGE_MSG'))

    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    expect(result.notes).toContain('Finished the merge that an interrupted sync had left half done.')
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('never learn why')
    expect(text).toContain('45,000 USD')
    expect(text).toContain('Saved after the kill.')
    expect(ben.git('status', '--porcelain')).toBe('')
    expect(ben.git('show', `origin/main:drafts/${draft.id}.md`)).toContain('Saved after the kill.')
    expect(ben.git('log', '--merges', '-1', '--format=%s')).toContain("Merge remote-tracking branch 'origin/main'")
  })

  it('settles a merge a kill left half done only after a save under way is written, and keeps that save', async () => {
    const draft = await killedAfterMerge()
    const file = join(ben.drafts, `${draft.id}.md`)
    writeFileSync(file, ben.git('show', `:2:drafts/${draft.id}.md`))
    // Another process saving the draft holds its lock while it reads, compares and writes: the
    // sync that finds the half-done merge must wait, then read the saved text as this side's.
    const result = await heldBySave(
      file,
      'the sync',
      () => ben.app.call('sync.run'),
      (text) => text.replace('## Budget\n', '## Budget\n\nSaved while the sync waited.\n'),
    )
    expect(result.outcome).toBe('synced')
    expect(result.notes).toContain('Finished the merge that an interrupted sync had left half done.')
    const text = readFileSync(file, 'utf8')
    for (const kept of ['never learn why', '45,000 USD', 'Saved while the sync waited.']) expect(text).toContain(kept)
    expect(ben.git('status', '--porcelain')).toBe('')
    expect(ben.git('show', `origin/main:drafts/${draft.id}.md`)).toContain('Saved while the sync waited.')
  })

  it('gets past a merge killed after git wrote its conflicts to the index but before MERGE_HEAD, and merges again', async () => {
    const draft = await shared()
    await edit(ada, draft.id, (pitch) => pitch.replace('40,000 USD', '35,000 USD'))
    await ada.app.call('sync.run')
    await edit(ben, draft.id, (pitch) => pitch.replace('40,000 USD', '45,000 USD'))
    ben.git('add', '-A')
    ben.git('commit', '-q', '-m', 'Ben: budget')
    ben.git('fetch', '-q')
    const incoming = ben.git('rev-parse', 'origin/main').trim()
    const before = ben.git('rev-parse', 'HEAD').trim()
    const journal = { format: 'grant-desk-merge/1', mergeHead: incoming, before, startedAt: new Date().toISOString(), written: {}, settled: false }
    writeFileSync(join(ben.clone, '.git', 'grant-desk-merge.json'), JSON.stringify(journal))
    expect(() => ben.git('merge', '--no-edit', 'origin/main')).toThrow()
    // Git writes the index before MERGE_HEAD; a kill in between leaves unmerged paths and no merge.
    for (const name of ['MERGE_HEAD', 'MERGE_MSG', 'MERGE_MODE']) rmSync(join(ben.clone, '.git', name), { force: true })
    writeFileSync(join(ben.drafts, `${draft.id}.md`), ben.git('show', `HEAD:drafts/${draft.id}.md`))
    expect(ben.git('ls-files', '-u')).not.toBe('')

    const result = await ben.app.call('sync.run')
    expect(result.notes).toContain('Undid the merge that an interrupted sync had begun; this sync merges your teammates’ changes again.')
    // Merged again, as a sync with no interruption: the line both changed is offered, Ben's edit kept meanwhile.
    expect(result.outcome).toBe('conflict')
    expect(readFileSync(join(ben.drafts, `${draft.id}.md`), 'utf8')).toContain('45,000 USD')
    expect(ben.git('rev-parse', 'MERGE_HEAD').trim()).toBe(incoming)
    expect(existsSync(join(ben.clone, '.git', 'grant-desk-merge.json'))).toBe(true)
  })

  it('still refuses a merge it did not start (no journal), with the git commands to finish or undo it', async () => {
    const draft = await shared()
    await edit(ada, draft.id, (pitch) => pitch.replace('40,000 USD', '35,000 USD'))
    await ada.app.call('sync.run')
    await edit(ben, draft.id, (pitch) => pitch.replace('40,000 USD', '45,000 USD'))
    ben.git('add', '-A')
    ben.git('commit', '-q', '-m', 'Ben: budget')
    ben.git('fetch', '-q')
    expect(() => ben.git('merge', '--no-edit', 'origin/main')).toThrow()
    const error = await ben.app.fail('sync.run')
    expect(error.syncProblem).toBe('operation_in_progress')
    expect(error.message).toContain('git merge --abort')
    expect(error.message).toContain('git commit')
    expect(existsSync(join(ben.clone, '.git', 'MERGE_HEAD'))).toBe(true)
  })

  it('removes a stale .git/index.lock that no git holds, and says so', async () => {
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
    const lock = join(ada.clone, '.git', 'index.lock')
    // A `git commit -- <paths>` killed also leaves its temporary index's lock: one lock to the applicant.
    const partial = join(ada.clone, '.git', 'next-index-4242.lock')
    const past = new Date(Date.now() - 60_000)
    for (const file of [lock, partial]) {
      writeFileSync(file, '')
      utimesSync(file, past, past)
    }
    const result = await ada.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    expect(result.notes).toContain(STALE_LOCK_NOTE)
    expect(existsSync(lock)).toBe(false)
    expect(existsSync(partial)).toBe(false)
    expect(ada.git('status', '--porcelain')).toBe('')
  })

  it("removes git's other stale locks a killed git leaves (HEAD's, a branch's), which made every later commit refuse, and says so", async () => {
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
    const past = new Date(Date.now() - 60_000)
    const locks = [join(ada.clone, '.git', 'HEAD.lock'), join(ada.clone, '.git', 'refs', 'heads', 'main.lock')]
    for (const lock of locks) {
      writeFileSync(lock, '')
      utimesSync(lock, past, past)
    }
    const result = await ada.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    expect(result.notes).toContain('Removed stale git locks left by a git that had stopped: .git/HEAD.lock, .git/refs/heads/main.lock.')
    for (const lock of locks) expect(existsSync(lock)).toBe(false)
    expect(ada.git('status', '--porcelain')).toBe('')
  })

  it('waits for a lock a running git holds, then refuses with nothing changed and the lock left', async () => {
    await ada.app.call('drafts.create', { grantId: IDS.open })
    writeFileSync(join(ada.clone, 'notes.txt'), 'mine\n')
    ada.git('add', 'notes.txt')
    // A terminal's `git commit -a` holds the index lock while its pre-commit hook runs (a slow linter, say).
    team.hook(ada.clone, 'pre-commit', 'sleep 30')
    const terminal = spawn('git', ['commit', '-a', '-m', 'Notes'], { cwd: ada.clone, env: team.env, stdio: 'ignore', detached: true })
    const lock = join(ada.clone, '.git', 'index.lock')
    try {
      await until('git commit to take the lock', () => existsSync(lock))
      const past = new Date(Date.now() - 60_000)
      utimesSync(lock, past, past)
      const error = await ada.app.fail('sync.run')
      expect(error.message).toContain('Another git program is working in the repository')
      expect(existsSync(lock)).toBe(true)
    } finally {
      process.kill(-terminal.pid!, 'SIGKILL')
    }
  })
})

describe('a lock a killed push left in the team repository (a folder on this computer)', () => {
  /** A draft of Ada's, synced, then changed: one commit to send. */
  async function oneToSend() {
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('sync.run')
    const draft = await ada.app.call('drafts.get', { id: created.id })
    await ada.app.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: draft.version })
  }
  const branchLock = () => join(team.remote, 'refs', 'heads', 'main.lock')

  it('removes the stale branch lock that refused every later push, sends, and says so', async () => {
    await oneToSend()
    // receive-pack killed mid-push leaves it; git then refuses every push ("cannot lock ref … File exists").
    const past = new Date(Date.now() - 60_000)
    writeFileSync(branchLock(), '')
    utimesSync(branchLock(), past, past)
    const result = await ada.app.call('sync.run')
    expect(result.outcome).toBe('synced')
    expect(result.notes.join('\n')).toMatch(
      /^Removed a stale lock that a stopped push had left in the team repository \(.*remote\.git\/refs\/heads\/main\.lock\)\.$/m,
    )
    expect(existsSync(branchLock())).toBe(false)
    expect(team.git(team.remote, 'rev-parse', 'main').trim()).toBe(ada.git('rev-parse', 'HEAD').trim())
    expect(ada.git('status', '--porcelain')).toBe('')
  })

  it('waits for a lock that goes on its own (a teammate’s push of that moment), then sends, removing nothing', async () => {
    await oneToSend()
    writeFileSync(branchLock(), '')
    const gone = setTimeout(() => rmSync(branchLock(), { force: true }), 1_000)
    try {
      const result = await ada.app.call('sync.run')
      expect(result.outcome).toBe('synced')
      expect(result.notes.join('\n')).not.toContain('Removed a stale lock')
      expect(team.git(team.remote, 'rev-parse', 'main').trim()).toBe(ada.git('rev-parse', 'HEAD').trim())
    } finally {
      clearTimeout(gone)
    }
  })

  it('leaves a lock while a git works in the team repository, and names the file when the wait is over', async () => {
    writeFileSync(branchLock(), '')
    const past = new Date(Date.now() - 60_000)
    utimesSync(branchLock(), past, past)
    // A git of the team repository's own (say, a `git gc` an administrator runs) is working there.
    const working = spawn('git', ['cat-file', '--batch'], { cwd: team.remote, env: team.env, stdio: ['pipe', 'ignore', 'ignore'] })
    try {
      let clock = Date.now()
      const outcome = await settleRemoteLock(join(team.remote, '.', 'refs', 'heads', 'main.lock'), team.remote, {
        now: () => (clock += 1_000),
        wait: async () => {},
      })
      expect(outcome).toEqual({ kind: 'held', message: expect.stringContaining(`a git program working in it holds ${branchLock()}`) })
      expect(existsSync(branchLock())).toBe(true)
    } finally {
      working.kill('SIGKILL')
    }
  })

  it('names a lock in a repository on a server, and touches nothing', async () => {
    writeFileSync(branchLock(), '')
    const outcome = await settleRemoteLock(branchLock(), localRemoteFolder('ssh://git.example.org/team.git', ada.clone))
    expect(outcome).toEqual({ kind: 'held', message: expect.stringContaining(`ask whoever runs the team repository to delete that file`) })
    expect(existsSync(branchLock())).toBe(true)
  })
})

describe('a team merge driver', () => {
  it('does not merge a line both sides changed silently (merge=union): the conflict is offered, and the sync says why', async () => {
    writeFileSync(join(ada.drafts, '.gitattributes'), '*.md merge=union\n')
    const draft = await shared()
    expect(existsSync(join(ben.drafts, '.gitattributes'))).toBe(true)
    await edit(ada, draft.id, (pitch) => pitch.replace('40,000 USD', '35,000 USD'))
    await ada.app.call('sync.run')
    await edit(ben, draft.id, (pitch) => pitch.replace('40,000 USD', '45,000 USD'))
    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('conflict')
    expect(result.conflicts.map((one) => one.draftId)).toEqual([draft.id])
    expect(result.notes.join('\n')).toContain(`merge driver of its own (merge=union) for drafts/${draft.id}.md`)
    // The override lasted the merge only: a merge in a terminal keeps the team's driver.
    expect(existsSync(join(ben.clone, '.git', 'info', 'attributes')) ? readFileSync(join(ben.clone, '.git', 'info', 'attributes'), 'utf8') : '').not.toContain(
      'Grant Desk',
    )
    expect(ben.git('check-attr', 'merge', '--', `drafts/${draft.id}.md`)).toContain('merge: union')
  })
})
