/**
 * Git.readObjects (git.ts): many objects in two git processes, within caps. A file over the
 * per-file cap is sized, not read; past the total cap, further files are sized only; a name
 * that is not there is left out; the same blob under two names is read once. Git.readQuietly
 * and a read-only Git.run answer the whole output, however late its end comes.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Git } from '../../../../../src/main/core/sync/git'
import { teamGitEnv } from '../../../../support/git-team'
import { tempDir } from '../../../../support/service'

let root: string | null = null
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = null
})

function repository(files: Record<string, string>): { git: Git; blob: (path: string) => string } {
  root = tempDir('grant-desk-read-objects-')
  const home = join(root, 'home')
  mkdirSync(home)
  const env = teamGitEnv(home)
  const run = (...args: string[]) => execFileSync('git', args, { cwd: join(root!, 'repo'), env, encoding: 'utf8' }).trim()
  mkdirSync(join(root, 'repo'))
  run('init', '-q', '-b', 'main')
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, 'repo', path), text)
  run('add', '-A')
  run('-c', 'user.name=T', '-c', 'user.email=t@example.org', 'commit', '-qm', 'files')
  return { git: new Git({ cwd: join(root, 'repo'), env }), blob: (path) => run('rev-parse', `HEAD:${path}`) }
}

describe('Git.readObjects', () => {
  it('reads names and object ids, sizes a file over the cap without reading it, and leaves out what is not there', async () => {
    const { git, blob } = repository({ 'a.md': 'Ä first\n', 'b.md': 'x'.repeat(5000), 'c.md': 'Ä first\n' })
    const read = await git.readObjects(['HEAD:a.md', blob('c.md'), 'HEAD:b.md', 'HEAD:missing.md', 'HEAD:line\nbreak.md', 'HEAD'], {
      maxObjectBytes: 1000,
      maxTotalBytes: 10_000,
    })
    expect(read.get('HEAD:a.md')).toEqual({ size: 9, text: 'Ä first\n' })
    expect(read.get(blob('c.md'))).toEqual({ size: 9, text: 'Ä first\n' })
    expect(read.get('HEAD:b.md')).toEqual({ size: 5000, text: null })
    expect([...read.keys()].sort()).toEqual(['HEAD:a.md', 'HEAD:b.md', blob('c.md')].sort()) // not the missing one, the bad name or the commit
  })

  it('stops reading past the total cap: later files are sized only', async () => {
    const { git } = repository({ 'a.md': 'a'.repeat(600), 'b.md': 'b'.repeat(600), 'c.md': 'c'.repeat(300) })
    const read = await git.readObjects(['HEAD:a.md', 'HEAD:b.md', 'HEAD:c.md'], { maxObjectBytes: 1000, maxTotalBytes: 1000 })
    expect(read.get('HEAD:a.md')?.text).toHaveLength(600)
    expect(read.get('HEAD:b.md')).toEqual({ size: 600, text: null })
    expect(read.get('HEAD:c.md')?.text).toHaveLength(300)
  })

  it('answers an empty map for no names, without starting git', async () => {
    expect((await new Git({ cwd: '/nonexistent', env: {} }).readObjects([], { maxObjectBytes: 1, maxTotalBytes: 1 })).size).toBe(0)
  })
})

describe('Git reads', () => {
  it('answers the whole output, even what comes after git has exited', async () => {
    // A shell alias whose output outlives git: the background writer prints 300 ms after git
    // exits. A read must wait for the output's end; one cut 50 ms after the exit (as the fetch
    // is, for ssh's shared connection) answered half a `git status` on a loaded machine.
    const { git } = repository({ 'a.md': 'a\n' })
    const out = await git.readQuietly(['-c', 'alias.late=!echo early; (sleep 0.3; echo late) &', 'late'])
    expect(out.split('\n').filter(Boolean)).toEqual(['early', 'late'])
  })

  it('answers a read-only run whole too, even what comes after git has exited', async () => {
    // The same through simple-git (`run`, which the review gate's `ls-tree` and `log --raw` use).
    const { git } = repository({ 'a.md': 'a\n' })
    const { stdout } = await git.run(['-c', 'alias.late=!echo early; (sleep 0.3; echo late) &', 'late'], { readOnly: true })
    expect(stdout.split('\n').filter(Boolean)).toEqual(['early', 'late'])
  })
})
