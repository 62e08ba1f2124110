/**
 * A team on real git: a bare repository (the team's remote, as on a server or a share) and
 * clones of it, one per teammate, each with its own git identity in its own config, and a
 * HOME and global config of the team's own (so the machine's git settings never leak in, and
 * a clone with no identity really has none). Each teammate gets a real core (`startTestCore`)
 * whose drafts folder is `drafts/` inside their clone, and whose git runs in `env`.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestCore, type TestCore } from './core'
import { tempDir } from './service'

export interface Teammate {
  name: string
  /** The clone (the work tree's top). */
  clone: string
  /** `drafts/` inside the clone: the app's drafts folder. */
  drafts: string
  app: TestCore
  /** Runs git in the clone, as the teammate would in a terminal. */
  git(...args: string[]): string
}

export interface GitTeam {
  root: string
  /** The bare repository every clone pushes to. */
  remote: string
  /** The environment git runs in: PATH, and a HOME and global config of the team's own. */
  env: Record<string, string>
  /** Runs git in `cwd` with the team's environment. */
  git(cwd: string, ...args: string[]): string
  /** A clone of the remote with `name <email>` as its git identity (none when `identity: null`). */
  clone(
    name: string,
    options?: {
      identity?: { name: string; email: string } | null
      reviewerName?: string
      coreEnv?: Record<string, string>
      core?: Omit<Parameters<typeof startTestCore>[0], 'serviceUrl' | 'env'>
    },
  ): Promise<Teammate>
  /** Closes the teammate's app and starts it again on the same data and clone (a restart). */
  restart(teammate: Teammate): Promise<void>
  /** Writes an executable hook (a shell script) into `repo`'s hooks folder (a clone's `.git/hooks` or the bare remote's `hooks`). */
  hook(repo: string, name: string, script: string): void
  dispose(): Promise<void>
}

export function teamGitEnv(home: string): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    // The run's temporary folder (test/support/run-scratch.ts): a CLI killed mid-sync leaves its scratch there, not in /tmp.
    ...(process.env['TMPDIR'] ? { TMPDIR: process.env['TMPDIR'] } : {}),
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(home, '.gitconfig'),
  }
}

export function runGit(cwd: string, env: Record<string, string>, args: string[]): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

export async function startGitTeam(options: { serviceUrl: string }): Promise<GitTeam> {
  const root = tempDir('grant-desk-git-team-')
  const home = join(root, 'home')
  mkdirSync(home)
  // useConfigOnly: git never makes up an identity from the host's name, so a clone without one has none.
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tuseConfigOnly = true\n')
  const env = teamGitEnv(home)
  const git = (cwd: string, ...args: string[]) => runGit(cwd, env, args)
  const remote = join(root, 'remote.git')
  git(root, 'init', '-q', '--bare', '-b', 'main', remote)
  const teammates: Teammate[] = []
  const starters = new Map<Teammate, () => Promise<TestCore>>()
  return {
    root,
    remote,
    env,
    git,
    clone: async (name, more = {}) => {
      const clone = join(root, `${name.toLowerCase().replace(/\W+/g, '-')}-${teammates.length + 1}`)
      git(root, 'clone', '-q', remote, clone)
      const identity = more.identity === undefined ? { name: `${name} Example`, email: `${name.toLowerCase()}@example.org` } : more.identity
      if (identity) {
        git(clone, 'config', 'user.name', identity.name)
        git(clone, 'config', 'user.email', identity.email)
      }
      const drafts = join(clone, 'drafts')
      mkdirSync(drafts, { recursive: true })
      // Inside the team's folder, so a restart finds it and dispose removes it.
      const dataDir = `${clone}-data`
      mkdirSync(dataDir)
      const start = () => startTestCore({ ...more.core, dataDir, serviceUrl: options.serviceUrl, env: { ...env, ...more.coreEnv } })
      const app = await start()
      await app.call('settings.update', { draftsFolder: drafts, reviewerName: more.reviewerName ?? name })
      const teammate: Teammate = { name, clone, drafts, app, git: (...args) => git(clone, ...args) }
      starters.set(teammate, start)
      teammates.push(teammate)
      return teammate
    },
    restart: async (teammate) => {
      await teammate.app.dispose()
      teammate.app = await starters.get(teammate)!()
    },
    hook: (repo, name, script) => {
      const hooks = repo.endsWith('.git') ? join(repo, 'hooks') : join(repo, '.git', 'hooks')
      mkdirSync(hooks, { recursive: true })
      const file = join(hooks, name)
      writeFileSync(file, `#!/bin/sh\n${script}\n`)
      chmodSync(file, 0o755)
    },
    dispose: async () => {
      for (const teammate of teammates) await teammate.app.dispose()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** Waits for `check` to answer something truthy (events arrive through the watcher, asynchronously). */
export async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 8_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 25))
  }
}

/**
 * Waits until the app has recorded who started or edited a draft (an author record in its review
 * folder, written a moment after the save): a test that snapshots the folder, or syncs it with
 * another program (the CLI), waits for the app to settle, as a person would.
 */
export async function authorRecorded(folder: string, draftId: string): Promise<void> {
  await until(`the author record of ${draftId}`, () => {
    const reviews = join(folder, `${draftId}.reviews`)
    // Only a landed record counts: write-file-atomic first writes the full text under a temporary
    // name (`<record>.yaml.<n>`) and renames it after, and a snapshot taken in between sees the rename.
    return (
      existsSync(reviews) && readdirSync(reviews).some((name) => name.endsWith('.yaml') && readFileSync(join(reviews, name), 'utf8').includes('kind: author'))
    )
  })
}
