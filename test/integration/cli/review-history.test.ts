/**
 * The review record is append-only, and the gate (`grant-desk review --require-approval`) checks
 * it against git's history: in a real repository, with records written by real cores (Ada wrote
 * the draft, Ben and Cy review it) and committed, a committed record that is then deleted,
 * renamed or rewritten (in a commit or only in the work tree) makes the gate fail, naming the
 * file and the commits. A comment its author edited in the app is the one rewrite allowed.
 */
import { execFile, execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/grant-desk'
import { serializeRecord } from '../../../src/shared/review'
import { startTestService, tempDir, testFixture, type TestService } from '../../support/service'
import { cli, gate, giveVerdict, recordsOf, startDraft, teammate, type Teammate } from '../../support/team'
import { teamGitEnv } from '../../support/git-team'

let service: TestService
let repo: string
let folder: string
let ada: Teammate
let ben: Teammate
let cy: Teammate
let draftId: string
let env: Record<string, string>

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.close()
})

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

/** Commits everything; the new commit's short id. */
function commit(message: string): string {
  git('add', '-A')
  git('commit', '-q', '-m', message)
  return git('rev-parse', '--short=7', 'HEAD')
}

beforeEach(async () => {
  repo = tempDir('grant-desk-history-')
  const home = join(repo, '..', `${repo.split('/').pop()}-home`)
  execFileSync('mkdir', ['-p', home])
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tname = CI\n\temail = ci@example.org\n')
  env = teamGitEnv(home)
  git('init', '-q')
  folder = join(repo, 'drafts')
  execFileSync('mkdir', ['-p', folder])
  ada = await teammate(service.url, folder, 'Ada')
  ben = await teammate(service.url, folder, 'Ben')
  cy = await teammate(service.url, folder, 'Cy')
  draftId = (await startDraft(ada, folder)).id
  commit('Ada starts the draft')
})
afterEach(async () => {
  await Promise.all([ada.dispose(), ben.dispose(), cy.dispose()])
  rmSync(repo, { recursive: true, force: true })
})

const recordPath = (id: string) => join(folder, `${draftId}.reviews`, `${id}.yaml`)
const inRepo = (id: string) => `drafts/${draftId}.reviews/${id}.yaml`

describe('a committed record that is removed', () => {
  it('is named by the bundled gate, which asks git without loading simple-git (issue 34: its load was the largest part of the gate’s own start)', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(ben, folder, draftId, 'request-changes', 'Not yet.')
    const requested = commit('Ben reviews')
    git('rm', '-q', inRepo(request.id))
    const deleted = commit('tidy up')

    // This run of the bin cannot load any chunk of simple-git: a module hook refuses them.
    const chunks = join(process.cwd(), 'out/cli/chunks')
    const blocked = readdirSync(chunks)
      .filter((name) => /^\/\/ (?:\.\.\/)*(?:main\/)?node_modules\/simple-git\//m.test(readFileSync(join(chunks, name), 'utf8')))
      .map((name) => pathToFileURL(join(chunks, name)).href)
    expect(blocked).not.toEqual([])
    const hooks = join(repo, '..', `${repo.split('/').pop()}-hooks.mjs`)
    writeFileSync(
      hooks,
      `const blocked = ${JSON.stringify(blocked)}\nexport async function load(url, context, next) {\n  if (blocked.includes(url)) throw new Error('simple-git was loaded')\n  return next(url, context)\n}\n`,
    )
    const register = `${hooks}.register.mjs`
    writeFileSync(register, `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(hooks).href)})\n`)
    const ran = await promisify(execFile)(
      process.execPath,
      ['--import', pathToFileURL(register).href, join(process.cwd(), 'bin/grant-desk.mjs'), 'review', '--require-approval', join(folder, `${draftId}.md`)],
      { cwd: repo, env },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    rmSync(hooks)
    rmSync(register)
    expect(ran.stderr).toContain(`${request.id}.yaml was committed in ${requested} and deleted or renamed in ${deleted}`)
    expect(ran.code).toBe(1)
  })

  it('Ben’s later “request changes” deleted in a commit: his earlier approval does not come back, and the gate names the file and both commits', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    commit('Ben approves')
    const request = await giveVerdict(ben, folder, draftId, 'request-changes', 'The budget needs milestones.')
    const requested = commit('Ben requests changes')
    expect((await gate(folder, draftId)).report.approval).toBe('changes-requested')

    git('rm', '-q', inRepo(request.id))
    const deleted = commit('tidy up')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.report.approval).toBe('unknown')
    expect(result.report.unreadable).toEqual([
      {
        fileName: `${request.id}.yaml`,
        reason: `${request.id}.yaml was committed in ${requested} and deleted or renamed in ${deleted}: a review record is never removed. Restore it with: git checkout ${requested} -- ${inRepo(request.id)}`,
      },
    ])
    expect(result.err).toContain(`${request.id}.yaml was committed in ${requested} and deleted or renamed in ${deleted}`)

    // Restored as the message says: the record stands again, and the review is what it was.
    git('checkout', requested, '--', inRepo(request.id))
    commit('restore Ben’s request')
    const restored = await gate(folder, draftId)
    expect(restored.report.unreadable).toEqual([])
    expect(restored.report.approval).toBe('changes-requested')
  })

  it('renamed in a commit (to a record name of its own, so the folder reader accepts it): named as deleted or renamed', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const committed = commit('reviews')
    const other = `${request.id.slice(0, -8)}0badc0de`
    // The verdict's id is inside the file too, so a renamed file alone is unreadable; renamed as a hostile teammate
    // would, with its id changed to match, it reads as an unrelated, older verdict of Cy's that a new approval can replace.
    writeFileSync(recordPath(other), serializeRecord({ ...request, id: other }))
    rmSync(recordPath(request.id))
    const renamed = commit('rename')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${request.id}.yaml was committed in ${committed} and deleted or renamed in ${renamed}`)
  })

  it('dropped while the draft was renamed in the same commit: the renamed draft’s gate names it', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const committed = commit('reviews')
    git('mv', `drafts/${draftId}.md`, 'drafts/renamed.md')
    git('mv', `drafts/${draftId}.reviews`, 'drafts/renamed.reviews')
    git('rm', '-q', '-f', `drafts/renamed.reviews/${request.id}.yaml`)
    const renamed = commit('rename the draft')
    const result = await gate(folder, 'renamed')
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${request.id}.yaml was committed in ${committed} and deleted or renamed in ${renamed}`)
  })

  it('a draft renamed with all its records is not a removal', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    commit('Ben approves')
    git('mv', `drafts/${draftId}.md`, 'drafts/renamed.md')
    git('mv', `drafts/${draftId}.reviews`, 'drafts/renamed.reviews')
    commit('rename the draft')
    const result = await gate(folder, 'renamed')
    expect(result.report.unreadable).toEqual([])
    expect(result.code).toBe(0)
  })

  it('deleted or renamed in the work tree only, not committed: the gate fails too', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const committed = commit('reviews')
    rmSync(recordPath(request.id))
    let result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${request.id}.yaml was committed in ${committed} and is deleted or renamed in the work tree`)
    git('checkout', '--', inRepo(request.id))
    renameSync(recordPath(request.id), join(folder, `${draftId}.reviews`, `.${request.id}.yaml`))
    result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${request.id}.yaml was committed in ${committed} and is deleted or renamed in the work tree`)
  })
})

describe('a committed record that is rewritten', () => {
  it('a verdict’s note edited in a commit: named with both commits', async () => {
    const approval = await giveVerdict(ben, folder, draftId, 'approve', 'Fine.')
    const committed = commit('Ben approves')
    writeFileSync(recordPath(approval.id), readFileSync(recordPath(approval.id), 'utf8').replace('Fine.', 'Fine, and Cy agrees.'))
    const edited = commit('edit')
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${approval.id}.yaml was committed in ${committed} and changed in ${edited}: a review record is never rewritten`)
    // Restored in the work tree as the message says (not committed yet): here the record is as committed again.
    git('checkout', committed, '--', inRepo(approval.id))
    const restored = await gate(folder, draftId)
    expect(restored.report.unreadable).toEqual([])
    expect(restored.code).toBe(0)
  })

  it('a “request changes” turned into a comment in the work tree: named, even though the comment reads fine', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const committed = commit('reviews')
    writeFileSync(
      recordPath(request.id),
      serializeRecord({ id: request.id, kind: 'thread', author: 'Cy', created_at: request.created_at, anchor: { target: 'draft' }, body: 'Not yet.' }),
    )
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${request.id}.yaml was committed in ${committed} and changed in the work tree`)
  })

  it('a comment its author edited and then deleted in the app is the one rewrite allowed, committed or not', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    await cy.call('reviews.addThread', { draftId, anchor: { target: 'draft' }, body: 'One question.' })
    const thread = recordsOf(folder, draftId).find(({ record }) => record.kind === 'thread')!.record
    await cy.call('reviews.setResolved', { draftId, threadId: thread.id, resolved: true })
    commit('reviews')
    await cy.call('reviews.editComment', { draftId, commentId: thread.id, body: 'One question, answered.' })
    expect((await gate(folder, draftId)).code).toBe(0)
    commit('edit')
    await cy.call('reviews.deleteComment', { draftId, commentId: thread.id })
    commit('delete')
    const result = await gate(folder, draftId)
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
  })

  it('a comment whose author was changed is not an edit: named', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    await cy.call('reviews.addThread', { draftId, anchor: { target: 'draft' }, body: 'One question.' })
    const thread = recordsOf(folder, draftId).find(({ record }) => record.kind === 'thread')!.record
    const committed = commit('reviews')
    writeFileSync(recordPath(thread.id), serializeRecord({ ...thread, author: 'Ben' }))
    const result = await gate(folder, draftId)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`${thread.id}.yaml was committed in ${committed} and changed in the work tree`)
  })
})

describe('the caller’s environment', () => {
  it('GIT_LITERAL_PATHSPECS in the environment does not blind the check', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    const request = await giveVerdict(cy, folder, draftId, 'request-changes', 'Not yet.')
    const committed = commit('reviews')
    git('rm', '-q', inRepo(request.id))
    const deleted = commit('tidy up')
    let err = ''
    const code = await main(
      ['review', '--require-approval', join(folder, `${draftId}.md`)],
      { out: () => {}, err: (s) => (err += s) },
      {
        ...process.env,
        GIT_LITERAL_PATHSPECS: '1',
      },
    )
    expect(code).toBe(1)
    expect(err).toContain(`${request.id}.yaml was committed in ${committed} and deleted or renamed in ${deleted}`)
  })
})

describe('where history cannot be checked', () => {
  it('a shallow clone fails the gate, saying to fetch the full history', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    commit('Ben approves')
    const shallow = tempDir('grant-desk-shallow-')
    git('clone', '-q', '--depth', '1', `file://${repo}`, shallow)
    const result = await cli('review', '--format', 'json', '--require-approval', join(shallow, 'drafts', `${draftId}.md`))
    expect(result.code).toBe(1)
    expect(result.err).toContain('is a shallow clone')
    expect(result.err).toContain('fetch-depth: 0')
    rmSync(shallow, { recursive: true, force: true })
  })

  it('a repository with no commit yet, and records only added since the last commit: nothing to report', async () => {
    await giveVerdict(ben, folder, draftId, 'approve')
    expect((await gate(folder, draftId)).code).toBe(0)
    rmSync(join(repo, '.git'), { recursive: true, force: true })
    git('init', '-q')
    expect((await gate(folder, draftId)).code).toBe(0)
  })
})
