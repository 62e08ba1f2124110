/**
 * The system's git, run through simple-git, as the user runs it in a terminal: their SSH agent,
 * credential helper, signing keys, hooks and config all apply, because Grant Desk starts the
 * same `git` with the same environment and adds nothing of its own but these:
 *
 * - `GIT_TERMINAL_PROMPT=0` (unless the caller is a terminal): Grant Desk never asks for or
 *   keeps git credentials, and a prompt nobody can answer would hang the sync. A credential
 *   helper or an SSH agent still answers as usual.
 * - git's messages in English (`LANGUAGE`/`LC_MESSAGES`), so its failures can be told apart
 *   and explained; the user's character set is kept.
 * - none of the variables that point git at another repository (`GIT_DIR`, `GIT_INDEX_FILE`…):
 *   started from inside a git hook, Grant Desk would otherwise commit to that repository.
 *
 * simple-git refuses by default to pass variables such as `EDITOR`, `GIT_SSH_COMMAND` or
 * `GIT_ASKPASS` on: it guards against untrusted input reaching git. Here they are the user's
 * own environment, which a terminal passes on too, so those checks are turned off; the ones
 * about arguments (`--upload-pack`, a protocol allowed by `-c`) stay on, and Grant Desk's
 * arguments never carry `-c` or a remote address that was not checked (shared/ipc/remote-url.ts).
 *
 * Every command answers `{stdout, stderr, exitCode}` or throws a `GitCommandError` carrying
 * the same: unlike simple-git's default, any non-zero exit is a failure (git exits 1 with
 * nothing on stderr for a refused push or a merge with conflicts).
 *
 * What a sync with nothing to do runs (its local reads and its fetch, all with Grant Desk's own
 * fixed arguments) starts git directly, in the same environment: loading simple-git was the
 * largest part of the CLI's own work there (issue 34). It is loaded for a commit, merge or push.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { SimpleGit } from 'simple-git'

export class GitCommandError extends Error {
  override name = 'GitCommandError'
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(`git ${args.join(' ')} exited with ${exitCode}: ${(stderr || stdout).trim().split('\n').slice(-3).join(' / ')}`)
  }

  /** Git could not be started at all: not installed, or not on PATH (the spawn's ENOENT). */
  get notInstalled(): boolean {
    return this.exitCode === -2 || /\bspawn\b.*\bENOENT\b/.test(this.stderr)
  }
}

/** An object read by `Git.readObjects`: its size, and its text when it was within the caps (else null). */
export interface StoredObject {
  size: number
  text: string | null
}

export interface ReadObjectsOptions {
  /** An object larger than this is not read: its size is answered, its text is null. */
  maxObjectBytes: number
  /** Past this many bytes in all, further objects are not read either (their text is null). */
  maxTotalBytes: number
}

export interface GitResult {
  stdout: string
  stderr: string
  exitCode: number
}

export interface GitOptions {
  /** Where commands run: the work tree's top folder, or the drafts folder before it is known. */
  cwd: string
  /** The environment git runs in (the app's own; tests give one with another HOME or PATH). */
  env: Record<string, string | undefined>
  /** A person at a terminal may answer git's prompts (the CLI in a terminal); the app never. */
  interactive?: boolean
}

export interface RunOptions {
  /** Exit codes that are answers, not failures (`git merge-file` counts conflicts in it). */
  okExitCodes?: readonly number[]
  /**
   * Kill git after this long without output (a network that stalls, a hook that hangs).
   * Default: 10 minutes, long enough for a slow hook, short enough that a sync ends.
   */
  idleTimeoutMs?: number
  /** Read-only commands pass `GIT_OPTIONAL_LOCKS=0`, so a background look never holds the index lock a terminal needs. */
  readOnly?: boolean
}

const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60_000

/** Variables that make git work on another repository than the one in the folder it runs in. */
const REPOSITORY_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
]

/** The user's environment as simple-git would otherwise refuse it (see the header). */
const USER_ENVIRONMENT = {
  allowUnsafeAlias: true,
  allowUnsafeAskPass: true,
  allowUnsafeConfigPaths: true,
  allowUnsafeConfigEnvCount: true,
  allowUnsafeCredentialHelper: true,
  allowUnsafeDiffExternal: true,
  allowUnsafeDiffTextConv: true,
  allowUnsafeEditor: true,
  allowUnsafeFilter: true,
  allowUnsafeFsMonitor: true,
  allowUnsafeGitProxy: true,
  allowUnsafeGpgProgram: true,
  allowUnsafeHooksPath: true,
  allowUnsafeMergeDriver: true,
  allowUnsafePager: true,
  allowUnsafeSshCommand: true,
  allowUnsafeTemplateDir: true,
}

/** The environment Grant Desk runs git in (see the header). */
export function gitEnvironment(env: Record<string, string | undefined>, interactive = false): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(env)) if (value !== undefined && !REPOSITORY_VARIABLES.includes(key)) out[key] = value
  // LC_ALL would override LC_MESSAGES: its character set moves to LC_CTYPE, where it still applies.
  if (out['LC_ALL'] !== undefined) {
    out['LC_CTYPE'] ??= out['LC_ALL']
    delete out['LC_ALL']
  }
  out['LANGUAGE'] = 'C'
  out['LC_MESSAGES'] = 'C'
  if (!interactive) out['GIT_TERMINAL_PROMPT'] = '0'
  return out
}

export class Git {
  readonly cwd: string
  readonly #env: Record<string, string>

  constructor(options: GitOptions) {
    this.cwd = options.cwd
    this.#env = gitEnvironment(options.env, options.interactive)
  }

  /** The same git in another folder. */
  at(cwd: string): Git {
    // The environment is already Grant Desk's; made again from it, it comes out the same.
    return new Git({ cwd, env: this.#env, interactive: this.#env['GIT_TERMINAL_PROMPT'] !== '0' })
  }

  get environment(): Record<string, string> {
    return this.#env
  }

  async run(args: readonly string[], options: RunOptions = {}): Promise<GitResult> {
    const ok = new Set([0, ...(options.okExitCodes ?? [])])
    let result: GitResult | null = null
    // simple-git wraps what the error handler returns; the handler's own error is kept here.
    let failure: GitCommandError | null = null
    // Loaded with the first git command that needs it (a sync that commits, merges or pushes): the host starts without it.
    const { simpleGit } = await import('simple-git')
    const git: SimpleGit = simpleGit({
      baseDir: this.cwd,
      trimmed: false,
      unsafe: USER_ENVIRONMENT,
      timeout: { block: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS },
      // simple-git by default ends a command 50 ms after git's exit, read to its end or not. A read
      // (`ls-tree` of thousands of records, `log --raw`) waits for its output's end: cut short on a
      // loaded machine, the review gate took committed records for missing from HEAD. A command that
      // may start other processes (a push's ssh, a commit's hooks) still ends at the exit.
      ...(options.readOnly ? { completion: { onClose: true, onExit: false } } : {}),
      // Every exit is looked at here: simple-git by default passes a non-zero exit with an empty stderr as success.
      errors: (error, output) => {
        const stdout = Buffer.concat(output.stdOut).toString('utf8')
        const stderr = Buffer.concat(output.stdErr).toString('utf8')
        if (!ok.has(output.exitCode)) {
          failure = new GitCommandError(args, output.exitCode, stdout, error instanceof Error ? `${stderr}${stderr ? '\n' : ''}${error.message}` : stderr)
          return failure
        }
        result = { stdout, stderr, exitCode: output.exitCode }
        return undefined
      },
    }).env(options.readOnly ? { ...this.#env, GIT_OPTIONAL_LOCKS: '0' } : this.#env)
    try {
      const stdout = await git.raw([...args])
      return result ?? { stdout, stderr: '', exitCode: 0 }
    } catch (error) {
      // Set in the callback above, which TypeScript's narrowing does not follow: a GitCommandError.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (failure) throw failure
      if (error instanceof GitCommandError) throw error
      const cause = error as { message?: string; task?: unknown }
      // A failure before git answered (a killed process, a refused spawn): kept with its message.
      throw new GitCommandError(args, -1, '', cause.message ?? String(error))
    }
  }

  /**
   * Many objects (`<sha>`, `<rev>:<path>`) in two git processes whatever their number: their
   * sizes from one `git cat-file --batch-check`, then the text of those within the caps from
   * one `git cat-file --batch`, the names fed through stdin. A big file's bytes are never read
   * (git answers its size from the object's header); a name that is not there is left out of
   * the answer. A name with a line break cannot be fed to a batch: it is left out too.
   */
  async readObjects(specs: Iterable<string>, caps: ReadObjectsOptions): Promise<Map<string, StoredObject>> {
    const names = [...new Set(specs)].filter((spec) => spec !== '' && !/[\r\n]/.test(spec))
    const found = new Map<string, StoredObject>()
    if (names.length === 0) return found
    const checked = (await this.#batch(['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], names)).toString('utf8').split('\n')
    const wanted = new Map<string, string[]>() // object id -> the names that are it
    let budget = caps.maxTotalBytes
    names.forEach((name, i) => {
      const [id, type, size] = (checked[i] ?? '').split(' ')
      if (id === undefined || type !== 'blob' || size === undefined || !/^\d+$/.test(size)) return // missing, ambiguous, a tree
      const bytes = Number(size)
      found.set(name, { size: bytes, text: null })
      if (bytes > caps.maxObjectBytes) return
      if (!wanted.has(id)) {
        if (bytes > budget) return
        budget -= bytes
        wanted.set(id, [])
      }
      wanted.get(id)!.push(name)
    })
    if (wanted.size === 0) return found
    const out = await this.#batch(['cat-file', '--batch'], [...wanted.keys()])
    // Each object: "<id> <type> <size>\n", its bytes, "\n".
    let at = 0
    while (at < out.length) {
      const end = out.indexOf(0x0a, at)
      if (end < 0) break
      const [id, , size] = out.subarray(at, end).toString('latin1').split(' ')
      const bytes = Number(size)
      if (id === undefined || !Number.isInteger(bytes)) break
      const text = out.subarray(end + 1, end + 1 + bytes).toString('utf8')
      for (const name of wanted.get(id) ?? []) found.set(name, { size: bytes, text })
      at = end + 1 + bytes + 1
    }
    return found
  }

  /**
   * A read-only command of the repository here (`git status`, `git config --list`, `git ls-files
   * -u`), its stdout answered: run as `#batch` runs its own, without simple-git, which waits
   * 50 ms more for a command that prints nothing, and needs loading first. For Grant Desk's own
   * fixed arguments only (simple-git's checks of arguments are not made). Fails as `run` fails:
   * a `GitCommandError`.
   */
  async readQuietly(args: readonly string[]): Promise<string> {
    return (await this.#batch(args, [])).toString('utf8')
  }

  /**
   * `git fetch` of the team repository (`args`), without simple-git: a sync with nothing to do
   * then never loads it (its load was the largest part of the CLI's own work there, issue 34).
   * For Grant Desk's own fixed arguments only (the remote's name after `--`). It ends at git's
   * exit, as simple-git ends it: ssh's shared connection (ControlPersist) may keep git's output
   * open long after. Killed after `idleTimeoutMs` without output on either stream. Fails as `run`.
   */
  async fetch(args: readonly string[], idleTimeoutMs: number): Promise<GitResult> {
    const { stdout, stderr } = await this.#spawn(args, [], { idleTimeoutMs, readOnly: false, idleOnStderr: true, endAtExit: true })
    return { stdout: stdout.toString('utf8'), stderr, exitCode: 0 }
  }

  /** git with `input` (one name a line) on stdin and the whole of stdout answered; read-only. */
  async #batch(args: readonly string[], input: readonly string[]): Promise<Buffer> {
    return (await this.#spawn(args, input, { idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS, readOnly: true, idleOnStderr: false, endAtExit: false })).stdout
  }

  #spawn(
    args: readonly string[],
    input: readonly string[],
    /**
     * `endAtExit`: answered 50 ms after git's exit even if a process it started still holds its
     * output (the fetch only, whose output is not read). A read waits for the output's end: cut
     * at exit, a loaded machine answered half a `git status` or a `cat-file --batch`.
     */
    options: { idleTimeoutMs: number; readOnly: boolean; idleOnStderr: boolean; endAtExit: boolean },
  ): Promise<{ stdout: Buffer; stderr: string }> {
    return new Promise((resolve, reject) => {
      const env = options.readOnly ? { ...this.#env, GIT_OPTIONAL_LOCKS: '0' } : this.#env
      const child = spawn('git', args, { cwd: this.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] })
      const stdout: Buffer[] = []
      const stderr: Buffer[] = []
      let timer: NodeJS.Timeout | undefined
      let settled = false
      const idle = () => {
        clearTimeout(timer)
        timer = setTimeout(() => child.kill(), options.idleTimeoutMs)
      }
      idle()
      child.stdout.on('data', (chunk: Buffer) => {
        stdout.push(chunk)
        idle()
      })
      child.stderr.on('data', (chunk: Buffer) => {
        stderr.push(chunk)
        if (options.idleOnStderr) idle()
      })
      // git may exit before it read all the names (it failed): that EPIPE is told by the exit code.
      child.stdin.on('error', () => {})
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer)
        settled = true
        // ENOENT is also a folder to run in that is gone: that is not git missing.
        if (error.code === 'ENOENT' && !existsSync(this.cwd)) reject(new GitCommandError(args, -1, '', `the folder ${this.cwd} is not there (any more)`))
        else reject(new GitCommandError(args, error.code === 'ENOENT' ? -2 : -1, '', `spawn git ${error.code ?? ''}: ${error.message}`))
      })
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        const out = Buffer.concat(stdout)
        const err = Buffer.concat(stderr).toString('utf8')
        if (code === 0) resolve({ stdout: out, stderr: err })
        else reject(new GitCommandError(args, code ?? -1, out.toString('utf8', 0, 2000), err || `killed by ${signal}`))
      }
      child.on('close', finish)
      // The output is read to its end at `close`; one that a process git started keeps open is not waited for past 50 ms after git's exit.
      if (options.endAtExit)
        child.on('exit', (code, signal) => {
          if (!settled) setTimeout(() => finish(code, signal), 50).unref()
        })
      child.stdin.end(input.map((name) => `${name}\n`).join(''))
    })
  }

  /** `run`, answering stdout without its last line break. */
  async text(args: readonly string[], options: RunOptions = {}): Promise<string> {
    return (await this.run(args, options)).stdout.replace(/\r?\n$/, '')
  }

  /** `run`, answering whether git exited 0 (for questions git answers with its exit code). */
  async succeeds(args: readonly string[], options: RunOptions = {}): Promise<boolean> {
    try {
      await this.run(args, options)
      return true
    } catch (error) {
      if (error instanceof GitCommandError && !error.notInstalled && error.exitCode > 0) return false
      throw error
    }
  }
}
