/**
 * The checks a verdict record must pass before the gate (shared/review/gate.ts) counts it,
 * made where files and ssh-keygen are at hand: the app's core and the CLI both read records
 * through here.
 *
 * - its author name shows as itself (no hidden or look-alike characters);
 * - its reviewed text hashes to its reviewed hash (recomputed from the text stored in the
 *   record, in the canonical form of `contentHash`), so a record whose hash or text was edited
 *   is invalid, and so is a hash of 64 zeros;
 * - it is not dated in the future (beyond a few minutes of clock difference between teammates);
 * - its signature, when it has one, verifies against the policy's allowed-signers file for its
 *   author, over `verdictSigningPayload`; and where the policy requires signed verdicts, it has one.
 */
import { nameProblem, SIGNATURE_NAMESPACE, type VerdictRecord, verdictSigningPayload, type VerdictCheck } from '../../../shared/review'
import { contentHash, type LoadedPolicy } from '../folder'
import { SignatureVerifier } from './signing/ssh-signatures'

/** Teammates' clocks differ; a verdict dated this far ahead of now is not counted. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000

/** One verifier for the process: its cache is what keeps a drafts list from running ssh-keygen for every verdict each time. */
export const sharedVerifier = new SignatureVerifier()

export interface VerdictCheckOptions {
  draftId: string
  policy: LoadedPolicy
  now: Date
  verifier?: SignatureVerifier
}

/**
 * Whether a verdict's reviewed text hashes to its hash, kept per record object: the store's
 * record cache (record-cache.ts) hands back the same object while its file is unchanged, so a
 * review read again does not hash every verdict's pitch again (50 verdicts of a 100 KB pitch
 * were most of a second `reviews.get`).
 */
const hashMatches = new WeakMap<VerdictRecord, boolean>()

function reviewedHashMatches(record: VerdictRecord): boolean {
  let matches = hashMatches.get(record)
  if (matches === undefined) {
    matches = contentHash(record.reviewed.pitch, record.reviewed.fields) === record.reviewed.hash
    hashMatches.set(record, matches)
  }
  return matches
}

/** Checks every verdict of a draft; the result by record id. */
export async function checkVerdicts(verdicts: readonly VerdictRecord[], options: VerdictCheckOptions): Promise<Map<string, VerdictCheck>> {
  const checks = new Map<string, VerdictCheck>()
  await Promise.all(verdicts.map(async (record) => checks.set(record.id, await checkVerdict(record, options))))
  return checks
}

export async function checkVerdict(record: VerdictRecord, options: VerdictCheckOptions): Promise<VerdictCheck> {
  const { policy } = options
  const future = Date.parse(record.created_at) > options.now.getTime() + FUTURE_TOLERANCE_MS
  const problems: string[] = []
  const name = nameProblem(record.author)
  if (name) problems.push(`is signed with a name that ${name}`)
  if (!reviewedHashMatches(record)) {
    problems.push('has a reviewed text that does not match its hash (the record was edited after the verdict was given)')
  }
  if (future) problems.push(`is dated in the future (${record.created_at}), which no verdict given so far can be`)

  let signature: VerdictCheck['signature'] = 'none'
  if (record.signature !== undefined) {
    if (policy.allowedSigners === null) signature = 'unchecked'
    else {
      const result = await (options.verifier ?? sharedVerifier).verify({
        allowedSignersPath: policy.allowedSigners.path,
        allowedSigners: policy.allowedSigners.text,
        principal: record.author,
        namespace: SIGNATURE_NAMESPACE,
        payload: verdictSigningPayload(options.draftId, record),
        signature: record.signature,
      })
      signature = result.ok ? 'verified' : 'bad'
      if (!result.ok) problems.push(`is not counted because ${result.reason}`)
    }
  }
  if (policy.policy.requireSigned && signature === 'none') problems.push('is not signed, and the review policy requires signed verdicts')
  return { problem: problems.length === 0 ? null : problems.join('; '), signature, future }
}
