/**
 * Signed verdicts, the way git signs commits with SSH keys: `ssh-keygen -Y sign` makes an
 * SSHSIG signature with the reviewer's key, and `ssh-keygen -Y verify` checks it against an
 * allowed-signers file (git's `gpg.ssh.allowedSignersFile` format: principal, then key).
 *
 * Grant Desk calls the system's `ssh-keygen` (OpenSSH 8.2 or newer) rather than handling keys
 * itself: it never reads, copies or stores a private key. Settings keeps only the path of the
 * key file the reviewer chose; `ssh-keygen` reads it, or asks ssh-agent when the path is the
 * public key of a key the agent holds. Every run is detached from any terminal, so a key that
 * needs a passphrase fails at once with a message (add it to ssh-agent) instead of waiting for
 * a prompt nobody sees.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Semaphore } from 'async-mutex'

/** A run of ssh-keygen that has not answered by then is stopped. */
const SSH_KEYGEN_TIMEOUT_MS = 15_000

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

export class SigningError extends Error {
  override name = 'SigningError'
}

/** ssh-keygen runs at most this many at once (a drafts list checks many verdicts). */
const runs = new Semaphore(4)

function sshKeygen(args: readonly string[], input: string): Promise<Run> {
  return runs.runExclusive(
    () =>
      new Promise<Run>((resolve, reject) => {
        // detached: a session of its own, without a terminal to ask for a passphrase on.
        const child = spawn(process.env['GRANT_DESK_SSH_KEYGEN'] || 'ssh-keygen', args, {
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: process.platform !== 'win32',
          windowsHide: true,
          env: { ...process.env, SSH_ASKPASS_REQUIRE: 'never', DISPLAY: '' },
        })
        let stdout = ''
        let stderr = ''
        const timer = setTimeout(() => child.kill('SIGKILL'), SSH_KEYGEN_TIMEOUT_MS)
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
        child.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
        child.on('close', (code) => {
          clearTimeout(timer)
          resolve({ code, stdout, stderr })
        })
        child.stdin.on('error', () => {}) // a child that exits early closes its stdin: its answer says why
        child.stdin.end(input, 'utf8')
      }),
  )
}

function missingTool(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === 'ENOENT'
}

const NO_SSH_KEYGEN = 'ssh-keygen (OpenSSH 8.2 or newer) is not installed or not on the PATH'

/**
 * Signs `payload` with the key at `keyPath` for `namespace`; the armored signature. The path is
 * a private key file, or the public key (`.pub`) of a key held by ssh-agent.
 */
export async function signWithSshKey(keyPath: string, payload: string, namespace: string): Promise<string> {
  let run: Run
  try {
    run = await sshKeygen(['-Y', 'sign', '-f', keyPath, '-n', namespace], payload)
  } catch (error) {
    throw new SigningError(missingTool(error) ? `${NO_SSH_KEYGEN}, so the verdict could not be signed` : `ssh-keygen could not be started (${String(error)})`)
  }
  const signature = run.stdout.trim()
  if (run.code === 0 && signature.startsWith('-----BEGIN SSH SIGNATURE-----')) return `${signature}\n`
  const said =
    run.stderr
      .replace(/Signing data on standard input\s*/g, '')
      .trim()
      .split('\n')[0] ?? ''
  if (/passphrase|incorrect passphrase|read_passphrase|can't open \/dev\/tty/i.test(run.stderr)) {
    throw new SigningError(
      `the key ${keyPath} needs its passphrase, which Grant Desk never asks for: add the key to ssh-agent (ssh-add ${keyPath.replace(/\.pub$/, '')}) and choose its .pub file in Settings`,
    )
  }
  if (/No such file|not found|cannot load|Load key/i.test(said))
    throw new SigningError(`ssh-keygen could not use the key ${keyPath} (${said}). Choose an SSH key file in Settings → Signing key`)
  throw new SigningError(`ssh-keygen could not sign with ${keyPath}${said ? ` (${said})` : ''}`)
}

export type VerifyResult = { ok: true } | { ok: false; reason: string }

/**
 * Checks signatures against an allowed-signers file. Results are kept (by the file's content,
 * the principal, the payload and the signature): a drafts list re-reads the same verdicts
 * often, and only a change runs ssh-keygen again.
 */
export class SignatureVerifier {
  readonly #cache = new Map<string, VerifyResult>()
  readonly #max: number

  constructor(options: { maxCached?: number } = {}) {
    this.#max = options.maxCached ?? 10_000
  }

  /**
   * Whether `signature` is `principal`'s signature of `payload` for `namespace`, as the
   * allowed-signers file at `allowedSignersPath` (whose text is `allowedSigners`) has it. When
   * not, the reason says which way it failed: the content changed after signing, a key the file
   * does not list, another person's key, or a key the file does not allow for reviews.
   */
  async verify(input: {
    allowedSignersPath: string
    allowedSigners: string
    principal: string
    namespace: string
    payload: string
    signature: string
  }): Promise<VerifyResult> {
    const key = createHash('sha256')
      .update(JSON.stringify([input.allowedSigners, input.principal, input.namespace, input.payload, input.signature]))
      .digest('hex')
    const known = this.#cache.get(key)
    if (known) return known
    const result = await this.#verify(input)
    if (this.#cache.size >= this.#max) this.#cache.delete(this.#cache.keys().next().value!)
    this.#cache.set(key, result)
    return result
  }

  async #verify(input: { allowedSignersPath: string; principal: string; namespace: string; payload: string; signature: string }): Promise<VerifyResult> {
    if (!input.signature.includes('-----BEGIN SSH SIGNATURE-----')) return { ok: false, reason: 'its signature is not an SSH signature (ssh-keygen -Y sign)' }
    const dir = await mkdtemp(join(tmpdir(), 'grant-desk-sig-'))
    try {
      const sigFile = join(dir, 'verdict.sig')
      await writeFile(sigFile, input.signature, { mode: 0o600 })
      let run: Run
      try {
        run = await sshKeygen(['-Y', 'verify', '-f', input.allowedSignersPath, '-I', input.principal, '-n', input.namespace, '-s', sigFile], input.payload)
      } catch (error) {
        return { ok: false, reason: `its signature could not be checked: ${missingTool(error) ? NO_SSH_KEYGEN : String(error)}` }
      }
      if (run.code === 0) return { ok: true }
      // Why not: first whether the signature fits the content at all, then whose key made it.
      const intact = await sshKeygen(['-Y', 'check-novalidate', '-n', input.namespace, '-s', sigFile], input.payload)
      if (intact.code !== 0) {
        return {
          ok: false,
          reason: 'its signature does not match its content (the verdict was changed after it was signed, or the signature was made for something else)',
        }
      }
      const found = await sshKeygen(['-Y', 'find-principals', '-f', input.allowedSignersPath, '-s', sigFile], '')
      const principals =
        found.code === 0
          ? found.stdout
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
          : []
      if (principals.length === 0) return { ok: false, reason: 'it is signed with a key that is not in the allowed-signers file' }
      if (!principals.includes(input.principal)) {
        return { ok: false, reason: `it is signed with the key of ${principals.join(', ')} in the allowed-signers file, not with a key of ${input.principal}` }
      }
      return {
        ok: false,
        reason: `the allowed-signers file does not accept ${input.principal}’s key for review verdicts (check its namespaces=, valid-after and valid-before options)`,
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
}

/** The public key line of a key file (for Settings to show which key signs), or null when it cannot be read. */
export async function publicKeyOf(keyPath: string): Promise<string | null> {
  const candidates = keyPath.endsWith('.pub') ? [keyPath] : [`${keyPath}.pub`]
  for (const candidate of candidates) {
    try {
      const text = (await readFile(candidate, 'utf8')).trim()
      if (/^(ssh-|ecdsa-|sk-)/.test(text)) return text.split(/\s+/).slice(0, 2).join(' ')
    } catch {
      // not there: try ssh-keygen below
    }
  }
  return null
}
