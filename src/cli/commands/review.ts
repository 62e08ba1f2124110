/**
 * `grant-desk review <draft.md | folder …>`: each draft's team review as text or JSON (the
 * report is built in ../review.ts), and with --require-approval a gate for CI under the team's
 * review policy (or one named with --policy). In a git work tree, a review record that the
 * history shows was committed and is now missing, renamed or rewritten makes its draft's review
 * unknown (main/core/reviews/record-history.ts), so the gate fails naming the file and commits.
 */
import { dirname, join, resolve } from 'node:path'
import { loadPolicyFile, loadPolicyFor, RecordHistory, type LoadedPolicy, type RecordSource } from '../../main/core/public/drafts'
import { draftIdOf, readDraftReview } from '../files'
import { displayName, errorMessage, escapedIo, writeErrorEscaped, type Io } from '../output'
import { readAhead, type AheadRead, type Reader } from '../read-ahead'
import { readDraft, RecordsReadAhead, type DraftRead } from '../read-ahead/read'
import { reviewFolderName } from '../../shared/review'
import { approvalProblem, formatDraftText, formatReviewText, reviewReport, type DraftReviewReport } from '../review'

/**
 * The policy file named with --policy, or undefined for the drafts' own; null (after saying why)
 * when the named one cannot be used: nothing is reported under a policy nobody meant.
 */
export async function namedPolicy(policyFile: string | undefined, io: Io): Promise<LoadedPolicy | undefined | null> {
  if (policyFile === undefined) return undefined
  const policy = await loadPolicyFile(resolve(policyFile))
  if (policy.view.problem !== null) {
    writeErrorEscaped(io, policy.view.problem)
    return null
  }
  return policy
}

/** Git's history of the review records, asked in the environment git runs in. */
export function recordHistory(env: Record<string, string | undefined>): RecordHistory {
  return new RecordHistory({ env })
}

/**
 * Drafts that cannot be read are named on stderr and the others still reported; the exit code
 * is then 2, whatever the reviews say, since a gate must not pass a draft it could not read.
 */
export async function runReview(
  files: readonly string[],
  named: ReadonlySet<string>,
  format: string,
  requireApproval: boolean,
  io: Io,
  policy?: LoadedPolicy,
  history?: RecordHistory,
  ahead: { reader?: Reader | null | undefined; listed?: Map<string, string[]> } = {},
): Promise<number> {
  io = escapedIo(io)
  const reports: DraftReviewReport[] = []
  let failed = false
  // The policy in force in each folder, looked for once per folder, not once per draft.
  const policies = new Map<string, Promise<LoadedPolicy>>()
  const policyOf = (file: string) => {
    const folder = dirname(file)
    let found = policies.get(folder)
    if (!found) policies.set(folder, (found = loadPolicyFor(folder)))
    return found
  }
  const texts = new Map<DraftReviewReport, string>()
  // One draft's outcome: its report, a message for stderr, or nothing (not a draft).
  const reviewOne = async (file: string, read: DraftRead, records?: RecordSource): Promise<DraftReviewReport | { error: string } | null> => {
    if (read === null || 'error' in read) return read
    const name = displayName(file)
    // The review folder as the file discovery listed it (a plain folder), not listed again.
    const listed = ahead.listed?.get(join(dirname(file), reviewFolderName(draftIdOf(file))))
    try {
      // Blocking reads: a CLI run waits on nothing else, and thousands of small records read faster so.
      const data = await readDraftReview(file, read.draft, {
        policy: policy ?? (await policyOf(file)),
        blocking: true,
        hashed: false,
        ...(listed ? { listed } : {}),
        ...(history ? { history } : {}),
        ...(records ? { cache: records } : {}),
      })
      const report = reviewReport(name, draftIdOf(file), read.draft, data)
      // Its text formatted now, between reads, rather than all at the end.
      if (format !== 'json') texts.set(report, formatDraftText(report))
      return report
    } catch (error) {
      return { error: `Cannot read the review records of ${name}: ${errorMessage(error)}` }
    }
  }
  // Each draft is read and its records parsed while git answers for the history (its first
  // draft starts the check, record-history.ts): a draft waits for git only once all are read.
  // The turn of the event loop after each draft lets git's output in (and the worker's, below);
  // outcomes keep the files' order. A worker thread reads and parses drafts too, taking them in
  // turn with this thread (../read-ahead): each of its drafts is weighed here as one read here,
  // as it arrives, between this thread's own reads, so that none is left to weigh at the end.
  const outcomes: Promise<DraftReviewReport | { error: string } | null>[] = []
  const weighAhead = (index: number, read: AheadRead | null) => {
    const file = files[index]!
    return read === null ? reviewOne(file, readDraft(file, named)) : reviewOne(file, read.draft, new RecordsReadAhead(read.records))
  }
  const reading = readAhead(files, named, {
    ...(ahead.reader !== undefined ? { reader: ahead.reader } : {}),
    ...(ahead.listed ? { listed: ahead.listed } : {}),
    onRead: (index, read) => {
      outcomes[index] = weighAhead(index, read)
    },
  })
  for (let index = reading.claim(); index >= 0; index = reading.claim()) {
    outcomes[index] = reviewOne(files[index]!, readDraft(files[index]!, named))
    await new Promise((next) => setImmediate(next))
  }
  // The worker's drafts still coming (or left undelivered: read here).
  for (const index of files.keys()) outcomes[index] ??= reading.result(index).then((read) => weighAhead(index, read))
  for (const outcome of await Promise.all(outcomes)) {
    if (outcome === null) continue
    if ('error' in outcome) {
      io.err(outcome.error)
      failed = true
    } else reports.push(outcome)
  }
  if (reports.length === 0 && !failed) {
    io.err(`No drafts (.md files with front matter) found in ${[...named].join(', ')}.`)
    return 2
  }
  io.out(
    format === 'json'
      ? JSON.stringify(reports, null, 2)
      : formatReviewText(
          reports,
          reports.map((report) => texts.get(report)!),
        ),
  )
  if (failed) return 2
  if (!requireApproval) return 0
  let waiting = 0
  for (const report of reports) {
    const problem = approvalProblem(report)
    if (problem === null) continue
    io.err(`${report.file}: not approved for merging: ${problem}`)
    waiting++
  }
  return waiting > 0 ? 1 : 0
}
