/**
 * The team's review policy: a file at the root of the shared folder, `.grant-desk.yaml`, in the
 * spirit of GitHub's branch protection and CODEOWNERS, read by the app and by `grant-desk
 * review` alike:
 *
 * ```yaml
 * review:
 *   approvals: 2                          # approvals by non-authors on the current text (default 1)
 *   approvers: [Ada Lovelace, Ben Okri]   # optional: only these people's approvals count
 *   require_signed_verdicts: true         # optional: only verdicts signed with ssh-keygen -Y sign count
 *   allowed_signers: allowed_signers      # git's gpg.ssh.allowedSignersFile format, beside this file
 * ```
 *
 * It is read with the same bounded YAML reading as a draft's front matter (shape counted by the
 * lexer first, duplicate keys refused, aliases bounded). Every key is checked: a typo
 * (`aprovals: 2`) is an error that names the key, never a silent default, and so is an empty
 * file; a policy file that cannot be used makes every draft's review state "unknown" (the gate
 * fails closed).
 */
import { LineCounter, parseDocument } from 'yaml'
import { z } from 'zod'
import { formatIssuePath } from '../api'
import { yamlShapeProblem } from '../text'
import { nameProblem } from './identity'

export { POLICY_FILE_NAME } from './file-names'
/** A policy is a few lines; past this the file is not one. */
export const MAX_POLICY_BYTES = 64 * 1024
/** The namespace of review signatures (`ssh-keygen -Y sign -n …`): a signature made for git commits or anything else never counts here. */
export const SIGNATURE_NAMESPACE = 'grant-desk-review'

const ReviewPolicySchema = z.strictObject(
  {
    approvals: z
      .number({ error: 'must be a whole number from 1 to 20' })
      .int({ error: 'must be a whole number from 1 to 20' })
      .min(1, { error: 'must be at least 1 (a gate that needs no approval is no gate)' })
      .max(20, { error: 'must be at most 20' })
      .default(1),
    approvers: z
      .array(
        z
          .string({ error: 'must be a name' })
          .trim()
          .min(1, { error: 'must not be empty' })
          .max(80, { error: 'must be at most 80 characters' })
          .superRefine((name, context) => {
            const problem = nameProblem(name)
            if (problem) context.addIssue({ code: 'custom', message: problem })
          }),
        { error: 'must be a list of reviewer names, like [Ada Lovelace, Ben Okri]' },
      )
      .min(1, { error: 'must name at least one person (or leave the key out: then anyone who is not an author may approve)' })
      .max(200, { error: 'must name at most 200 people' })
      .optional(),
    require_signed_verdicts: z.boolean({ error: 'must be true or false' }).default(false),
    allowed_signers: z
      .string({ error: 'must be the path of an allowed-signers file, relative to this file' })
      .min(1, { error: 'must not be empty' })
      .max(500, { error: 'must be at most 500 characters' })
      .optional(),
  },
  { error: 'must be a map of approvals, approvers, require_signed_verdicts and allowed_signers' },
)

const PolicyFileSchema = z
  .strictObject({ review: ReviewPolicySchema.default({ approvals: 1, require_signed_verdicts: false }) }, { error: 'must be a map with a review: section' })
  .superRefine((value, context) => {
    if (value.review.require_signed_verdicts && value.review.allowed_signers === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['review', 'allowed_signers'],
        message: 'is needed when require_signed_verdicts is true: name the file that lists each reviewer and their SSH public key',
      })
    }
  })

/** The policy as the gate applies it. */
export interface ReviewPolicy {
  approvals: number
  /** Only these people may approve (compared as identityKey does); null: anyone who is not an author. */
  approvers: string[] | null
  requireSigned: boolean
  /** The allowed-signers file, as written in the policy (relative to the policy file's folder). */
  allowedSigners: string | null
}

export const DEFAULT_POLICY: ReviewPolicy = { approvals: 1, approvers: null, requireSigned: false, allowedSigners: null }

export class PolicyFileError extends Error {
  override name = 'PolicyFileError'
}

/**
 * Reads a policy file's text. Throws PolicyFileError with what to fix: bad YAML (with its
 * line), an unknown key, a value of the wrong kind.
 */
export function parsePolicy(text: string): ReviewPolicy {
  if (text.length > MAX_POLICY_BYTES) throw new PolicyFileError(`it is larger than a policy can be (${MAX_POLICY_BYTES / 1024} KB)`)
  const shape = yamlShapeProblem(text)
  if (shape !== null) throw new PolicyFileError(`it was not read, because ${shape}`)
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter })
  if (document.errors.length > 0) {
    const error = document.errors[0]!
    throw new PolicyFileError(`it is not valid YAML (line ${lineCounter.linePos(error.pos[0]).line}): ${error.message.split('\n')[0]}`)
  }
  let value: unknown
  try {
    value = document.toJS({ maxAliasCount: 100 })
  } catch (error) {
    throw new PolicyFileError(`it could not be read: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`)
  }
  // An empty file (or one of comments only) is refused, not read as the defaults: a file that
  // lost its content (a bad merge, an editor that truncated it) would otherwise drop the team's
  // rules, require_signed_verdicts among them, without a word.
  if (value === null || value === undefined) {
    throw new PolicyFileError('it is empty. Write its review: section (for the defaults, review: {approvals: 1}), or delete the file to use the defaults')
  }
  const parsed = PolicyFileSchema.safeParse(value)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const where = formatIssuePath(issue.path)
        return `${where ? `${where}: ` : ''}unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')} (the keys are review: approvals, approvers, require_signed_verdicts, allowed_signers)`
      }
      return `${formatIssuePath(issue.path) || 'the file'} ${issue.message}`
    })
    throw new PolicyFileError(problems.join('; '))
  }
  const review = parsed.data.review
  return {
    approvals: review.approvals,
    approvers: review.approvers ?? null,
    requireSigned: review.require_signed_verdicts,
    allowedSigners: review.allowed_signers ?? null,
  }
}
