/**
 * `grant-desk sync [folder]` on real git: the same sync as the app, from a terminal, with exit
 * codes for scripts (0 synced, 1 conflict or a failed pull/push, 2 usage, not a repository, no
 * git). The last tests run the built bin as a child process: the bundle is what users run, and
 * it once lacked what the app's code needs (CommonJS's `__filename`, read by write-file-atomic).
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/grant-desk'
import { authorRecorded, type GitTeam, type Teammate } from '../../support/git-team'
import { useAdaAndBen } from '../../support/git-team-hooks'
import { IDS, tempDir } from '../../support/service'

let team: GitTeam, ada: Teammate, ben: Teammate
useAdaAndBen((crew) => ({ team, ada, ben } = crew))

async function sync(...argv: string[]) {
  let out = ''
  let err = ''
  const code = await main(['sync', ...argv], { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) }, team.env)
  return { code, out, err }
}

describe('grant-desk sync', () => {
  it('commits, pulls and pushes a drafts folder, and says what it sent and received (exit 0)', async () => {
    const draft = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'From the app' })
    await authorRecorded(ada.drafts, draft.id)
    const sent = await sync(ada.drafts)
    expect(sent.code).toBe(0)
    expect(sent.out).toBe(
      `Committed: Ada Example: start 'Open grant with a form'; 1 comment (3 files).\nSynced ${ada.drafts} (main ↔ origin/main): sent 1 commit.\n`,
    )
    expect(ada.git('status', '--porcelain')).toBe('')

    const received = await sync(ben.drafts)
    expect(received).toMatchObject({ code: 0, err: '' })
    // One teammate, one name: the reviewer name her records carry, not also her git name.
    expect(received.out).toContain('Received: Ada: started Open grant with a form, 1 comment on Open grant with a form (1 commit).')
    expect(existsSync(join(ben.drafts, draft.fileName))).toBe(true)
    expect((await sync(ben.drafts)).out).toBe(`Synced ${ben.drafts} (main ↔ origin/main): already up to date.\n`)
  })

  it('run at the repository’s top with the drafts one folder down: says where they are and how to sync them, instead of only "already up to date"', async () => {
    const draft = await ada.app.call('drafts.create', { grantId: IDS.open })
    await authorRecorded(ada.drafts, draft.id)
    const top = await sync(ada.clone)
    expect(top.code).toBe(0)
    expect(top.out).toContain(
      `Note: No drafts are directly in ${ada.clone}, and a sync takes only those, so these were not synced: ${ada.drafts} holds 1 draft. To sync them, run grant-desk sync ${ada.drafts}.\n`,
    )
    // Nothing of the drafts folder was taken; the command it names does.
    expect(ada.git('status', '--porcelain', '--', 'drafts')).not.toBe('')
    const named = await sync(ada.drafts)
    expect(named.out).toContain('sent 1 commit')
    expect(named.out).not.toContain('Note:')
    expect(ada.git('status', '--porcelain')).toBe('')
  })

  it('with nothing to do says so and moves nothing; then receives what a teammate sent, and sends a commit made in a terminal', async () => {
    const draft = await ada.app.call('drafts.create', { grantId: IDS.open })
    await authorRecorded(ada.drafts, draft.id)
    await sync(ada.drafts)
    await sync(ben.drafts)
    const head = ada.git('rev-parse', 'HEAD')
    expect(await sync(ada.drafts)).toEqual({ code: 0, out: `Synced ${ada.drafts} (main ↔ origin/main): already up to date.\n`, err: '' })
    expect(ada.git('rev-parse', 'HEAD')).toBe(head)
    const idle = await ada.app.call('sync.state')
    expect(idle.repository).toMatchObject({ ahead: 0, behind: 0, unsent: 0, uncommitted: 0 })

    // The remote moved on: the sync that had nothing to send receives it.
    await ben.app.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'From Ben' })
    expect((await sync(ben.drafts)).out).toContain('sent 1 commit')
    const received = await sync(ada.drafts)
    expect(received).toMatchObject({ code: 0, err: '' })
    expect(received.out).toContain('Received:')
    expect(received.out).toContain('1 comment on Open grant with a form')
    expect(ada.git('rev-parse', 'HEAD')).toBe(ben.git('rev-parse', 'HEAD'))

    // A commit made in a terminal, nothing new on the remote: it is sent.
    const path = join(ada.drafts, draft.fileName)
    writeFileSync(path, readFileSync(path, 'utf8').replace(/\n$/, '\nA line Ada committed by hand.\n'))
    ada.git('commit', '-qam', 'By hand')
    const sent = await sync(ada.drafts)
    expect(sent).toEqual({ code: 0, out: `Synced ${ada.drafts} (main ↔ origin/main): sent 1 commit.\n`, err: '' })
    expect(team.git(team.remote, 'log', '-1', '--format=%s', 'main').trim()).toBe('By hand')
    expect((await sync(ada.drafts)).out).toBe(`Synced ${ada.drafts} (main ↔ origin/main): already up to date.\n`)
  })

  it('leaves a pitch conflict for the app and exits 1; the app then offers it', async () => {
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('drafts.save', { id: created.id, pitch: 'Budget: 40,000 USD.\n', customFields: {}, baseVersion: created.version })
    await authorRecorded(ada.drafts, created.id)
    await sync(ada.drafts)
    await sync(ben.drafts)
    for (const [who, amount] of [
      [ada, '45,000'],
      [ben, '35,000'],
    ] as const) {
      const now = await who.app.call('drafts.get', { id: created.id })
      await who.app.call('drafts.save', { id: created.id, pitch: `Budget: ${amount} USD.\n`, customFields: {}, baseVersion: now.version })
    }
    await sync(ada.drafts)
    const result = await sync(ben.drafts)
    expect(result.code).toBe(1)
    expect(result.err).toContain('Open grant with a form (open-grant-with-a-form.md): the pitch changed here and by Ada Example in the same place.')
    expect(result.err).toContain('Open Grant Desk to choose what to keep')
    expect(readFileSync(join(ben.drafts, created.fileName), 'utf8')).toContain('Budget: 35,000 USD.')
    const state = await ben.app.call('sync.state')
    expect(state.repository).toMatchObject({ appMerge: true, conflicts: [{ draftId: created.id }] })
    // Run again: still waiting, still exit 1, nothing committed.
    expect((await sync(ben.drafts)).code).toBe(1)
  })

  it('with nothing to commit, refuses a team branch rewritten by a force push with no history in common (exit 1), and moves nothing', async () => {
    const draft = await ada.app.call('drafts.create', { grantId: IDS.open })
    await authorRecorded(ada.drafts, draft.id)
    await sync(ada.drafts)
    const head = ada.git('rev-parse', 'HEAD')
    // Someone replaces the team's branch with a history of its own. Ada has nothing to commit:
    // that her clone had fetched the branch before is read from her git status, not asked again.
    const other = join(team.root, 'rewritten')
    team.git(team.root, 'init', '-q', '-b', 'main', other)
    writeFileSync(join(other, 'README.md'), 'Another history.\n')
    team.git(other, 'add', 'README.md')
    team.git(other, '-c', 'user.name=Eve', '-c', 'user.email=eve@example.org', 'commit', '-qm', 'Start over')
    team.git(other, 'push', '-q', '--force', team.remote, 'main')
    const refused = await sync(ada.drafts)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('no history in common with yours any more')
    expect(ada.git('rev-parse', 'HEAD')).toBe(head)
    expect(ada.git('status', '--porcelain')).toBe('')
    expect(existsSync(join(ada.drafts, draft.fileName))).toBe(true)
  })

  it('ends at the fetch’s exit when a process git started keeps its output open (ssh’s shared connection does)', async () => {
    const draft = await ada.app.call('drafts.create', { grantId: IDS.open })
    await authorRecorded(ada.drafts, draft.id)
    await sync(ada.drafts)
    // A stand-in for ssh: it leaves a process behind that holds git's stderr, as ssh's
    // ControlPersist master does, then serves git's request from the team's repository. A sync
    // that waited for the output to close would wait past the test's timeout.
    const pidFile = join(team.root, 'sleeper.pid')
    const ssh = join(team.root, 'fake-ssh')
    writeFileSync(ssh, `#!/bin/sh\nsleep 300 </dev/null >/dev/null &\necho $! >> '${pidFile}'\nfor last; do :; done\nexec sh -c "$last"\n`, { mode: 0o755 })
    ada.git('config', 'core.sshCommand', ssh)
    // (Plain ssh's options, without first asking the stand-in which ssh it is.)
    ada.git('config', 'ssh.variant', 'ssh')
    ada.git('remote', 'set-url', 'origin', `ssh://team.invalid${team.remote}`)
    try {
      expect(await sync(ada.drafts)).toEqual({ code: 0, out: `Synced ${ada.drafts} (main ↔ origin/main): already up to date.\n`, err: '' })
      // The sync did not wait for the output to close: the process holding it is still there.
      const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number)
      expect(pids).toHaveLength(1)
      expect(() => process.kill(pids[0]!, 0)).not.toThrow()
    } finally {
      const pids = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim().split('\n').map(Number) : []
      for (const pid of pids) process.kill(pid, 'SIGTERM')
    }
  })

  it('exits 1 when the remote cannot be reached, with the commit kept', async () => {
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await authorRecorded(ada.drafts, created.id)
    ada.git('remote', 'set-url', 'origin', 'http://127.0.0.1:9/team.git')
    const result = await sync(ada.drafts)
    expect(result.code).toBe(1)
    expect(result.err).toContain('could not be reached')
    expect(result.err).toContain('1 change is not sent yet')
    expect(ada.git('status', '--porcelain')).toBe('')
  })

  it('exits 2 for a folder that is not in a repository, one that does not exist, and bad usage', async () => {
    const plain = tempDir('grant-desk-plain-')
    expect(await sync(plain)).toMatchObject({ code: 2, err: expect.stringContaining('is not in a git repository') })
    const missing = join(plain, 'no-such-folder')
    expect(await sync(missing)).toMatchObject({ code: 2, err: expect.stringContaining('There is no folder') })
    expect(existsSync(missing)).toBe(false)
    writeFileSync(join(plain, 'file.md'), 'x')
    expect((await sync(join(plain, 'file.md'))).code).toBe(2)
    expect((await sync(ada.drafts, ben.drafts)).err).toContain('takes one drafts folder')
    expect((await sync('--format', 'json', ada.drafts)).code).toBe(2)
  })

  it('the built bin exits 2 with a PATH that has no git', async () => {
    const bundle = join(process.cwd(), 'out', 'cli', 'grant-desk.mjs')
    expect(existsSync(bundle), 'run npm run build:cli first').toBe(true)
    const empty = join(team.root, 'empty-path')
    mkdirSync(empty)
    const run = promisify(execFile)
    const error = await run(process.execPath, [join(process.cwd(), 'bin', 'grant-desk.mjs'), 'sync', ada.drafts], { env: { ...team.env, PATH: empty } }).then(
      () => null,
      (failure: { code: number; stderr: string }) => failure,
    )
    expect(error?.code).toBe(2)
    expect(error?.stderr).toContain('Install git')
  })

  it('the built bin merges two teammates who saved different paragraphs of one draft, and leaves both repositories clean', async () => {
    const run = promisify(execFile)
    const bin = (folder: string) => run(process.execPath, [join(process.cwd(), 'bin', 'grant-desk.mjs'), 'sync', folder], { env: team.env })
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    const first = 'Ada Lovelace is the principal investigator.'
    const last = 'The budget is 40,000 USD over six months.'
    await ada.app.call('drafts.save', {
      id: created.id,
      pitch: `${first}\n\nThe middle paragraph stays.\n\n${last}\n`,
      customFields: {},
      baseVersion: created.version,
    })
    await authorRecorded(ada.drafts, created.id)
    expect((await bin(ada.drafts)).stdout).toContain('sent 1 commit')
    await bin(ben.drafts)
    // Both change updated_at in the front matter, so git itself stops on the file: the app's merge driver settles it.
    for (const [who, from, to] of [
      [ada, first, 'Ada Lovelace is the principal investigator, with Ben as co-investigator.'],
      [ben, last, 'The budget is 42,000 USD over six months.'],
    ] as const) {
      const now = await who.app.call('drafts.get', { id: created.id })
      await who.app.call('drafts.save', { id: created.id, pitch: now.pitch.replace(from, to), customFields: {}, baseVersion: now.version })
    }
    await bin(ada.drafts)
    const merged = await bin(ben.drafts)
    expect(merged.stderr).toBe('')
    expect(merged.stdout).toContain('Received:')
    await bin(ada.drafts)
    for (const who of [ada, ben]) {
      const text = readFileSync(join(who.drafts, created.fileName), 'utf8')
      expect(text).toContain('with Ben as co-investigator.')
      expect(text).toContain('The budget is 42,000 USD over six months.')
      expect(text).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m)
      expect(who.git('status', '--porcelain')).toBe('')
      expect(existsSync(join(who.git('rev-parse', '--absolute-git-dir').trim(), 'MERGE_HEAD'))).toBe(false)
    }
  })
})
