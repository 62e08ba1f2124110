/**
 * Each way a sync can fail, on real git: a clear message with what to do, the problem's code,
 * and the repository exactly as it was (no change uncommitted or lost, no half-done merge, the
 * index as the user left it). Ada and Ben are two clones of one bare repository with real cores.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppError } from '../../../../../src/shared/ipc'
import { startTestCore } from '../../../../support/core'
import { authorRecorded, type GitTeam, type Teammate } from '../../../../support/git-team'
import { useGitTeam } from '../../../../support/git-team-hooks'
import { IDS, tempDir, type TestService } from '../../../../support/service'

let service: TestService, team: GitTeam, ada: Teammate
useGitTeam(async (started, sandbox) => {
  ;[team, service] = [started, sandbox]
  ada = await team.clone('Ada')
})

/** A draft and a comment on it: two files of the drafts folder. */
async function draftAndComment(who: Teammate) {
  const created = await who.app.call('drafts.create', { grantId: IDS.open })
  await who.app.call('reviews.addThread', { draftId: created.id, anchor: { target: 'draft' }, body: `${who.name} was here` })
  // The app records who started the draft a moment later: snapshots are taken after it settled.
  await authorRecorded(who.drafts, created.id)
  return created
}

/** Everything a failed sync must leave as it was. */
function snapshot(who: Teammate) {
  const git = (...args: string[]) => who.git(...args)
  return {
    head: headOrNull(who),
    status: git('status', '--porcelain', '--untracked-files=all'),
    staged: git('diff', '--cached', '--name-status'),
    merging: existsSync(join(who.clone, '.git', 'MERGE_HEAD')),
  }
}

function headOrNull(who: Teammate): string | null {
  try {
    return who.git('rev-parse', '-q', '--verify', 'HEAD').trim()
  } catch {
    return null
  }
}

async function failed(who: Teammate, channel: 'sync.run' = 'sync.run'): Promise<AppError> {
  const error = await who.app.fail(channel)
  expect(error.code).toBe('sync_failed')
  // Every message says what to do next, as a sentence.
  expect(error.message).toMatch(/\.$/)
  return error
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

describe('git itself', () => {
  it('says git is missing when it is not on PATH, and touches nothing', async () => {
    const nogit = await team.clone('Nogit', { coreEnv: { PATH: join(team.root, 'no-git-here') } })
    const draft = await draftAndComment(nogit)
    const before = readFileSync(join(nogit.drafts, draft.fileName), 'utf8')
    const error = await failed(nogit)
    expect(error.syncProblem).toBe('git_missing')
    expect(error.message).toContain('Install git')
    const state = await nogit.app.call('sync.state')
    expect(state).toMatchObject({ gitVersion: null, repository: null, summary: 'Git is not installed: install it to sync with your team' })
    expect(state.lastProblem?.problem).toBe('git_missing')
    expect(readFileSync(join(nogit.drafts, draft.fileName), 'utf8')).toBe(before)
    expect(nogit.git('status', '--porcelain', '--untracked-files=all')).toContain(`?? drafts/${draft.fileName}`)
    expect(headOrNull(nogit)).toBeNull()
  })

  it('says the folder is not in a repository, then tracks it with git and syncs to the team repository', async () => {
    const folder = tempDir('grant-desk-untracked-')
    const app = await startTestCore({ serviceUrl: service.url, env: team.env })
    try {
      await app.call('settings.update', { draftsFolder: folder, reviewerName: 'Cleo' })
      const created = await app.call('drafts.create', { grantId: IDS.freeForm })
      const error = await app.fail('sync.run')
      expect(error).toMatchObject({ code: 'sync_failed', syncProblem: 'not_a_repository' })
      expect(error.message).toContain('Track this folder with git')
      expect(await app.call('sync.state')).toMatchObject({ repository: null, summary: 'Not tracked with git' })

      const tracked = await app.call('sync.track', { remoteUrl: team.remote })
      expect(tracked.repository).toMatchObject({ branch: 'main', remote: { name: 'origin', url: team.remote }, appMerge: false })
      expect(readFileSync(join(folder, '.gitattributes'), 'utf8')).toContain('*.yaml text eol=lf')
      expect((await app.fail('sync.track')).syncProblem).toBe('already_tracked')

      // Cleo has no identity of her own in this folder's new repository: the team's global config gives one.
      team.git(folder, 'config', 'user.name', 'Cleo Example')
      team.git(folder, 'config', 'user.email', 'cleo@example.org')
      const synced = await app.call('sync.run')
      expect(synced.outcome).toBe('synced')
      expect(synced.state.repository).toMatchObject({ upstream: 'origin/main', unsent: 0 })
      expect(team.git(team.remote, 'ls-tree', '--name-only', 'main').trim().split('\n').sort()).toEqual([
        '.gitattributes',
        created.fileName,
        `${created.id}.reviews`,
      ])
    } finally {
      await app.dispose()
    }
  })

  it('never syncs a drafts folder into a repository that holds the app’s own data (a home folder kept in git)', async () => {
    const home = tempDir('grant-desk-dotfiles-')
    team.git(home, 'init', '-q')
    const app = await startTestCore({ serviceUrl: service.url, env: team.env, dataDir: join(home, '.config', 'grant-desk') })
    try {
      await app.call('drafts.create', { grantId: IDS.freeForm })
      expect(await app.call('sync.state')).toMatchObject({ repository: null, summary: 'Not tracked with git' })
      const error = await app.fail('sync.run')
      expect(error).toMatchObject({ code: 'sync_failed', syncProblem: 'not_a_repository' })
      expect(error.message).toContain(`part of another git repository (${home})`)
      // Nothing was committed into the home folder's repository.
      expect(() => team.git(home, 'rev-parse', '--verify', 'HEAD')).toThrow()
      // Tracking it makes a repository of the drafts folder alone.
      const tracked = await app.call('sync.track')
      expect(tracked.repository?.root).toBe(join(home, '.config', 'grant-desk', 'drafts'))
    } finally {
      await app.dispose()
    }
  })

  it('refuses a detached HEAD without changing anything', async () => {
    await draftAndComment(ada)
    await ada.app.call('sync.run')
    ada.git('checkout', '-q', '--detach')
    await ada.app.call('reviews.addThread', { draftId: 'open-grant-with-a-form', anchor: { target: 'draft' }, body: 'while detached' })
    const before = snapshot(ada)
    const error = await failed(ada)
    expect(error.syncProblem).toBe('detached_head')
    expect(error.message).toContain('git switch')
    expect(snapshot(ada)).toEqual(before)
  })

  it('refuses while a rebase or a merge the app did not start is in progress, and names the way out', async () => {
    writeFileSync(join(ada.clone, 'notes.txt'), 'one\n')
    ada.git('add', 'notes.txt')
    ada.git('commit', '-qm', 'notes')
    ada.git('checkout', '-qb', 'other')
    writeFileSync(join(ada.clone, 'notes.txt'), 'two\n')
    ada.git('commit', '-qam', 'two')
    ada.git('checkout', '-q', 'main')
    writeFileSync(join(ada.clone, 'notes.txt'), 'three\n')
    ada.git('commit', '-qam', 'three')
    await draftAndComment(ada)

    expect(() => ada.git('merge', 'other')).toThrow()
    let before = snapshot(ada)
    let error = await failed(ada)
    expect(error.syncProblem).toBe('operation_in_progress')
    expect(error.message).toContain('git merge --abort')
    expect(snapshot(ada)).toEqual(before)
    expect((await ada.app.call('sync.state')).repository).toMatchObject({ operation: 'merge', appMerge: false })
    ada.git('merge', '--abort')

    expect(() => ada.git('rebase', 'other')).toThrow()
    before = snapshot(ada)
    error = await failed(ada)
    expect(error.syncProblem).toBe('operation_in_progress')
    expect(error.message).toContain('git rebase --continue')
    expect(snapshot(ada)).toEqual(before)
  })

  it('says git does not know who the user is, sets no identity itself, and puts the index back', async () => {
    const anon = await team.clone('Anon', { identity: null })
    writeFileSync(join(anon.clone, 'staged.txt'), 'staged by hand\n')
    anon.git('add', 'staged.txt')
    await draftAndComment(anon)
    const before = snapshot(anon)
    const error = await failed(anon)
    expect(error.syncProblem).toBe('identity_missing')
    expect(error.message).toContain('git config --global user.name')
    expect(snapshot(anon)).toEqual(before)
    expect(() => anon.git('config', '--get-regexp', '^user\\.(name|email)$')).toThrow()
  })
})

describe('hooks', () => {
  it('a refusing pre-commit hook: nothing committed, the index and files exactly as they were', async () => {
    const draft = await draftAndComment(ada)
    writeFileSync(join(ada.clone, 'notes.txt'), 'mine, staged\n')
    ada.git('add', 'notes.txt')
    team.hook(ada.clone, 'pre-commit', 'echo "lint failed: the budget table has no total" >&2\nexit 1')
    const before = snapshot(ada)
    const file = readFileSync(join(ada.drafts, draft.fileName), 'utf8')
    const error = await failed(ada)
    expect(error.syncProblem).toBe('hook_refused')
    expect(error.message).toContain('lint failed: the budget table has no total')
    expect(snapshot(ada)).toEqual(before)
    expect(readFileSync(join(ada.drafts, draft.fileName), 'utf8')).toBe(file)
    expect((await ada.app.call('sync.state')).repository?.uncommitted).toBe(2)
  })

  it('a server pre-receive hook that refuses: the commit stays here, not sent, and the message quotes the server', async () => {
    await draftAndComment(ada)
    team.hook(team.remote, 'pre-receive', 'echo "Drafts need two approvals first" >&2\nexit 1')
    const error = await failed(ada)
    expect(error.syncProblem).toBe('hook_refused')
    expect(error.message).toContain('Drafts need two approvals first')
    expect(error.message).toContain('2 changes are not sent yet')
    const state = await ada.app.call('sync.state')
    expect(state.repository).toMatchObject({ unsent: 2, uncommitted: 0 })
    expect(state.summary).toBe('main · 2 changes not sent')
    expect(snapshot(ada)).toMatchObject({ status: '', staged: '', merging: false })
    expect(() => team.git(team.remote, 'rev-parse', '-q', '--verify', 'main')).toThrow()
  })

  it('a refusing pre-merge-commit hook: the pull is undone whole, the commit of the drafts kept', async () => {
    const ben = await team.clone('Ben')
    const draft = await draftAndComment(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    await ben.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Ben’s' })
    await ben.app.call('sync.run')
    await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Ada’s' })
    team.hook(ada.clone, 'pre-merge-commit', 'echo "no merge commits on Fridays" >&2\nexit 1')
    const error = await failed(ada)
    expect(error.syncProblem).toBe('hook_refused')
    expect(error.message).toContain('no merge commits on Fridays')
    expect(snapshot(ada)).toMatchObject({ status: '', staged: '', merging: false })
    expect(ada.git('log', '-1', '--format=%s').trim()).toMatch(/^Ada: 1 comment/)
    expect((await ada.app.call('sync.state')).repository).toMatchObject({ operation: null, unsent: 1 })
  })

  it('a refusing pre-push hook of this clone: nothing sent, the commit kept', async () => {
    await draftAndComment(ada)
    team.hook(ada.clone, 'pre-push', 'echo "run the checklist before pushing" >&2\nexit 1')
    const error = await failed(ada)
    expect(error.syncProblem).toBe('hook_refused')
    expect(error.message).toContain('run the checklist before pushing')
    expect(snapshot(ada)).toMatchObject({ status: '', staged: '', merging: false })
    expect((await ada.app.call('sync.state')).repository?.unsent).toBe(2)
  })
})

describe('the remote', () => {
  it('unreachable: the commit stays local, the state says "2 changes not sent", and the next sync sends them', async () => {
    await draftAndComment(ada)
    const port = await closedPort()
    ada.git('remote', 'set-url', 'origin', `http://127.0.0.1:${port}/team.git`)
    const error = await failed(ada)
    expect(error.syncProblem).toBe('unreachable')
    expect(error.message).toContain('are you offline?')
    expect(error.message).toContain('2 changes are not sent yet')
    const state = await ada.app.call('sync.state')
    expect(state.summary).toBe('main · 2 changes not sent')
    expect(state.repository).toMatchObject({ unsent: 2, uncommitted: 0 })
    expect(state.lastProblem).toMatchObject({ problem: 'unreachable' })
    expect(snapshot(ada)).toMatchObject({ status: '', staged: '', merging: false })
    // The draft, the comment, and the record that Ada wrote the draft (not counted as a change of hers).
    expect(ada.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toHaveLength(3)

    const back = await ada.app.call('sync.setRemote', { url: team.remote })
    expect(back.repository?.remote).toEqual({ name: 'origin', url: team.remote })
    const synced = await ada.app.call('sync.run')
    expect(synced).toMatchObject({ outcome: 'synced', committed: null, sent: 1 })
    expect(synced.state).toMatchObject({ lastProblem: null, summary: 'main · up to date' })
  })

  it('a remote that names no repository', async () => {
    await draftAndComment(ada)
    ada.git('remote', 'set-url', 'origin', join(team.root, 'no-such-repository.git'))
    const error = await failed(ada)
    expect(error.syncProblem).toBe('remote_not_found')
    expect(error.message).toContain('Check the team repository’s address')
    expect(snapshot(ada)).toMatchObject({ status: '', merging: false })
  })

  it('a remote that refuses the (missing) credentials: auth_failed, never a prompt', async () => {
    const server: Server = createServer((request, response) => {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="team"', 'content-type': 'text/plain' })
      response.end('Unauthorized')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    try {
      await draftAndComment(ada)
      ada.git('remote', 'set-url', 'origin', `http://127.0.0.1:${(server.address() as AddressInfo).port}/team.git`)
      const error = await failed(ada)
      expect(error.syncProblem).toBe('auth_failed')
      expect(error.message).toContain('credential helper')
      expect(snapshot(ada)).toMatchObject({ status: '', merging: false })
    } finally {
      await new Promise((done) => server.close(done))
    }
  })

  it('no remote at all, or two remotes and no upstream', async () => {
    const folder = tempDir('grant-desk-local-')
    const app = await startTestCore({ serviceUrl: service.url, env: team.env })
    try {
      await app.call('settings.update', { draftsFolder: folder })
      await app.call('sync.track')
      team.git(folder, 'config', 'user.name', 'Solo')
      team.git(folder, 'config', 'user.email', 'solo@example.org')
      await app.call('drafts.create', { grantId: IDS.freeForm })
      const none = await app.fail('sync.run')
      expect(none.syncProblem).toBe('no_remote')
      expect(none.message).toContain('Add the team repository’s address')
      expect((await app.call('sync.state')).summary).toBe('main · no team repository set')
      team.git(folder, 'remote', 'add', 'one', team.remote)
      team.git(folder, 'remote', 'add', 'two', team.remote)
      const two = await app.fail('sync.run')
      expect(two.syncProblem).toBe('no_upstream')
      expect(two.message).toContain('git branch --set-upstream-to=origin/main')
    } finally {
      await app.dispose()
    }
  })
})

describe('teammates pushing at the same moment', () => {
  it('a push refused because a teammate pushed first pulls their change and tries once more', async () => {
    const ben = await team.clone('Ben')
    const draft = await draftAndComment(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    // Ben comments and commits in a terminal; he pushes at the very moment Ada's sync pushes.
    await ben.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'pushed first' })
    ben.git('add', '-A', 'drafts')
    ben.git('commit', '-qm', 'Ben: a comment')
    const flag = join(team.root, 'ben-pushed')
    team.hook(
      ada.clone,
      'pre-push',
      `if [ ! -e "${flag}" ]; then touch "${flag}"; (unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE GIT_PREFIX; cd "${ben.clone}" && git push -q origin main) || exit 1; fi\nexit 0`,
    )
    await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Ada again' })

    const result = await ada.app.call('sync.run')
    expect(existsSync(flag)).toBe(true)
    expect(result.outcome).toBe('synced')
    expect(result.received?.text).toContain('Ben: 1 comment on Open grant with a form')
    expect(team.git(team.remote, 'rev-parse', 'main')).toBe(ada.git('rev-parse', 'HEAD'))
    expect(snapshot(ada)).toMatchObject({ status: '', merging: false })
    expect((await ada.app.call('reviews.get', { draftId: draft.id })).threads.map((t) => t.body).sort()).toEqual(['Ada again', 'Ada was here', 'pushed first'])
  })

  it('refused twice: push_rejected, the merge of the first retry complete, nothing half-done', async () => {
    const ben = await team.clone('Ben')
    const draft = await draftAndComment(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    // Every time Ada pushes, Ben has just pushed a new commit.
    team.hook(
      ada.clone,
      'pre-push',
      `(unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE GIT_PREFIX; cd "${ben.clone}" && git pull -q --no-rebase origin main && git commit -q --allow-empty -m "Ben: busy $(date +%s%N)" && git push -q origin main) || exit 1\nexit 0`,
    )
    await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Ada again' })
    const error = await failed(ada)
    expect(error.syncProblem).toBe('push_rejected')
    expect(error.message).toContain('Sync again in a minute')
    expect(snapshot(ada)).toMatchObject({ status: '', staged: '', merging: false })
    const state = await ada.app.call('sync.state')
    expect(state.repository).toMatchObject({ unsent: 1, operation: null, appMerge: false })
  })
})

describe('changes git must settle', () => {
  /** Ben adds notes.txt beside the drafts folder, Ada pulls it, then Ben changes and pushes it again. */
  async function notesChangedByBen(): Promise<void> {
    const ben = await team.clone('Ben')
    writeFileSync(join(ben.clone, 'notes.txt'), 'base\n')
    ben.git('add', 'notes.txt')
    ben.git('commit', '-qm', 'notes')
    ben.git('push', '-q', 'origin', 'main')
    await ada.app.call('sync.run')
    writeFileSync(join(ben.clone, 'notes.txt'), 'Ben’s\n')
    ben.git('commit', '-qam', 'Ben notes')
    ben.git('push', '-q', 'origin', 'main')
  }

  it('a file outside the drafts folder changed on both sides: the pull is undone, nothing half-merged', async () => {
    await notesChangedByBen()
    writeFileSync(join(ada.clone, 'notes.txt'), 'Ada’s\n')
    ada.git('commit', '-qam', 'Ada notes')
    await draftAndComment(ada)

    const error = await failed(ada)
    expect(error.syncProblem).toBe('unresolvable_conflict')
    expect(error.message).toContain('notes.txt')
    expect(error.message).toContain('The pull was undone')
    const after = snapshot(ada)
    expect(after).toMatchObject({ status: '', staged: '', merging: false })
    expect(readFileSync(join(ada.clone, 'notes.txt'), 'utf8')).toBe('Ada’s\n')
    // Ada's drafts were committed before the pull, and are still only here.
    expect(ada.git('log', '-1', '--format=%s').trim()).toMatch(/^Ada: start 'Open grant with a form'; 1 comment/)
  })

  it('a local change outside the drafts folder that the pull would overwrite: nothing merged, the change kept', async () => {
    await notesChangedByBen()
    writeFileSync(join(ada.clone, 'notes.txt'), 'Ada’s, not committed\n')
    await draftAndComment(ada)
    const error = await failed(ada)
    expect(error.syncProblem).toBe('local_changes_in_the_way')
    expect(error.message).toContain('notes.txt')
    expect(readFileSync(join(ada.clone, 'notes.txt'), 'utf8')).toBe('Ada’s, not committed\n')
    expect(snapshot(ada)).toMatchObject({ status: ' M notes.txt\n', merging: false })
  })

  it('a file staged by hand outside the drafts folder when a real merge is needed: nothing merged, still staged', async () => {
    const ben = await team.clone('Ben')
    const draft = await draftAndComment(ada)
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    await ben.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Ben’s' })
    await ben.app.call('sync.run')
    await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Ada’s' })
    writeFileSync(join(ada.clone, 'plan.txt'), 'staged for a commit of my own\n')
    ada.git('add', 'plan.txt')
    const error = await failed(ada)
    expect(error.syncProblem).toBe('local_changes_in_the_way')
    expect(error.message).toContain('plan.txt')
    expect(error.message).toContain('Commit, unstage or stash them')
    expect(snapshot(ada)).toMatchObject({ status: 'A  plan.txt\n', staged: 'A\tplan.txt\n', merging: false })
    expect(ada.git('log', '-1', '--format=%s').trim()).toMatch(/^Ada: 1 comment/)
  })
})
