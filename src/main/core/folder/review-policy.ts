/**
 * Finding and reading the team's review policy (`.grant-desk.yaml`, see shared/review/policy.ts)
 * and the allowed-signers file it names. The app and the CLI look the same way: in the drafts'
 * folder, then each folder above it, up to the root of the git repository it is in (the folder
 * holding `.git`) or of the disk. So a policy at the root of a repository whose drafts live in
 * `drafts/` applies to them in the app and in CI alike.
 *
 * A policy file that cannot be used (bad YAML, an unknown key, a link, an allowed-signers file
 * that is missing) is not skipped: it is reported, and the review state of every draft under
 * it is "unknown" until it is fixed.
 */
import { lstat, readFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { DEFAULT_POLICY, MAX_POLICY_BYTES, POLICY_FILE_NAME, PolicyFileError, parsePolicy, type ReviewPolicy, type PolicyView } from '../../../shared/review'
import { errorCode } from './fs'

/** An allowed-signers file lists a team's keys: a few KB. */
const MAX_ALLOWED_SIGNERS_BYTES = 1024 * 1024
/** How many folders up the search goes at most. */
const MAX_LEVELS = 64

export interface LoadedPolicy {
  view: PolicyView
  policy: ReviewPolicy
  /** The allowed-signers file to verify against, and its text; null when the policy names none (or cannot be used). */
  allowedSigners: { path: string; text: string } | null
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch {
    return false
  }
}

/** The policy file that applies to drafts in `folder`, or null when there is none. */
export async function findPolicyFile(folder: string): Promise<string | null> {
  let dir = resolve(folder)
  for (let level = 0; level < MAX_LEVELS; level++) {
    const candidate = join(dir, POLICY_FILE_NAME)
    if (await exists(candidate)) return candidate
    if (await exists(join(dir, '.git'))) return null
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
  return null
}

function failed(file: string, policy: ReviewPolicy, problem: string): LoadedPolicy {
  const view: PolicyView = {
    file,
    approvals: policy.approvals,
    approvers: policy.approvers,
    requireSigned: policy.requireSigned,
    allowedSigners: policy.allowedSigners,
    problem,
  }
  return { view, policy, allowedSigners: null }
}

async function readSmallFile(path: string, max: number): Promise<string> {
  const info = await lstat(path)
  if (info.isSymbolicLink()) throw Object.assign(new Error('is a link'), { code: 'ELOOP' })
  if (!info.isFile()) throw Object.assign(new Error('is not a file'), { code: 'EISDIR' })
  if (info.size > max) throw Object.assign(new Error(`is larger than ${Math.round(max / 1024)} KB`), { code: 'EFBIG' })
  return readFile(path, 'utf8')
}

function fsReason(error: unknown): string {
  switch (errorCode(error)) {
    case 'ENOENT':
      return 'does not exist'
    case 'ELOOP':
      return 'is a link, which Grant Desk does not follow'
    case 'EISDIR':
      return 'is not a file'
    case 'EFBIG':
      return (error as Error).message
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)'
    default:
      return `cannot be read (${errorCode(error) ?? String(error)})`
  }
}

/** Reads the policy file at `file` (and its allowed-signers file). Never throws: a problem is in `view.problem`. */
export async function loadPolicyFile(file: string): Promise<LoadedPolicy> {
  let text: string
  try {
    text = await readSmallFile(file, MAX_POLICY_BYTES)
  } catch (error) {
    return failed(file, DEFAULT_POLICY, `The review policy ${file} ${fsReason(error)}. Until it is fixed, no draft counts as approved.`)
  }
  let policy: ReviewPolicy
  try {
    policy = parsePolicy(text)
  } catch (error) {
    const why = error instanceof PolicyFileError ? error.message : String(error)
    return failed(
      file,
      DEFAULT_POLICY,
      `The review policy ${file} cannot be used: ${why}. Fix it (see the README, “Reviewing drafts as a team”); until then no draft counts as approved.`,
    )
  }
  const view: PolicyView = {
    file,
    approvals: policy.approvals,
    approvers: policy.approvers,
    requireSigned: policy.requireSigned,
    allowedSigners: policy.allowedSigners,
    problem: null,
  }
  if (policy.allowedSigners === null) return { view, policy, allowedSigners: null }
  const base = dirname(file)
  const path = resolve(base, policy.allowedSigners)
  const inside = relative(base, path)
  if (isAbsolute(policy.allowedSigners) || inside === '' || inside.startsWith('..') || inside.split(sep)[0] === '..') {
    return failed(
      file,
      policy,
      `The review policy ${file} names allowed_signers: ${policy.allowedSigners}, which is not a file inside the policy's folder. Name it relative to the policy file (like allowed_signers or .grant-desk/allowed_signers); until then no draft counts as approved.`,
    )
  }
  try {
    const signers = await readSmallFile(path, MAX_ALLOWED_SIGNERS_BYTES)
    return { view, policy, allowedSigners: { path, text: signers } }
  } catch (error) {
    return failed(
      file,
      policy,
      `The allowed-signers file ${path}, named by the review policy ${file}, ${fsReason(error)}. Add it (one line per reviewer: their name, then their SSH public key), or fix the path; until then no draft counts as approved.`,
    )
  }
}

const NO_POLICY: LoadedPolicy = {
  view: { file: null, approvals: DEFAULT_POLICY.approvals, approvers: null, requireSigned: false, allowedSigners: null, problem: null },
  policy: DEFAULT_POLICY,
  allowedSigners: null,
}

/** The policy that applies to drafts in `folder`: the nearest policy file's, or the defaults. */
export async function loadPolicyFor(folder: string): Promise<LoadedPolicy> {
  const file = await findPolicyFile(folder)
  return file === null ? NO_POLICY : loadPolicyFile(file)
}
