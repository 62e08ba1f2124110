/**
 * Whether a draft is approved, as the team's policy has it. One function for the core (drafts
 * list, submit confirmation), the CLI gate (`grant-desk review --require-approval`) and the
 * renderer (live, against the text being typed), so all of them agree.
 *
 * The rules, in order:
 * 1. **Fails closed.** While a record of the draft cannot be read, or the policy file cannot be
 *    used, or one reviewer's verdicts cannot be ordered, the state is `unknown`: never approved.
 * 2. **Only valid verdicts take part.** A verdict whose name hides characters, whose reviewed
 *    text does not hash to its hash, that is dated in the future, or whose signature fails (or
 *    is missing where the policy requires one) is listed as not counted, with the reason (the
 *    core checks each one: VerdictView.check).
 * 3. **Order by the chain, never by date.** Each verdict names the verdicts of its reviewer it
 *    replaces (`supersedes`). A reviewer's current verdict is the one no other of theirs
 *    replaces. A copied or edited old record names what its original named, so it cannot come
 *    after the verdicts that replaced the original: it makes a second "current" verdict, and two
 *    current verdicts, or a loop (a verdict that names itself, or two that name each other) that
 *    no later verdict of theirs replaces, mean the reviewer's verdict is unknown (rule 1).
 * 4. **Authors do not approve their own draft.** Verdicts of the people in the author records
 *    are shown as notes and not counted, and so are those of people the policy's `approvers`
 *    list leaves out.
 * 5. **Counted:** approvals of exactly the current text, by distinct people (identityKey), at
 *    least the policy's `approvals`; a standing request for changes by a counted reviewer wins
 *    over approvals.
 */
import { identityKey } from './identity'
import { isOpen, sameContent, type ReviewedContent } from './state'
import type { ApprovalState, ReviewBrief, ReviewData, VerdictView } from './view'
import { plural } from '../text'

export type ReviewerState = 'approved' | 'approved-earlier' | 'changes-requested' | 'changes-made' | 'conflict'

export interface ReviewerVerdict {
  /** The name on the reviewer's current verdict. */
  author: string
  /** The person (identityKey of the name). */
  key: string
  state: ReviewerState
  /** The reviewer's current verdict (for a conflict, the newest-named of those in conflict). */
  verdict: VerdictView
  /** The reviewer's verdicts that no other of theirs replaces: one, or for a conflict none (a loop) or several. */
  current: VerdictView[]
  /** An author of the draft: their verdict is a note. */
  isAuthor: boolean
  /** Counts toward the policy (may approve, and the verdicts can be ordered). */
  counted: boolean
  /** Why not, in words, when not counted. */
  notCounted: string | null
}

/** Every verdict record and what became of it: the gate's full account, as `grant-desk review --format json` prints it. */
export interface VerdictOutcome {
  verdict: VerdictView
  /** `current`: the reviewer's verdict now; `superseded`: replaced by a later one of theirs; `invalid`: failed a check; `conflict`: one of several current verdicts. */
  status: 'current' | 'superseded' | 'invalid' | 'conflict'
  counted: boolean
  /** Why it does not count; null when it counts (or is simply replaced). */
  reason: string | null
}

export interface ReviewSummary {
  openThreads: number
  reviewers: ReviewerVerdict[]
  outcomes: VerdictOutcome[]
  approval: ApprovalState
  unreadable: number
  /** Counted approvals of the current text, and how many the policy asks for. */
  approvals: { counted: number; required: number }
  /** One name per author. */
  authors: string[]
  /** Why the state is `unknown`, in words; null otherwise. */
  unknownBecause: string | null
  /** Verdicts shown but not counted, with the reason (authors' notes, non-approvers, invalid records). */
  notCounted: { author: string; reason: string }[]
}

/**
 * The verdicts of one person that none of their other verdicts replaces, and those caught in a
 * loop of `supersedes` (one that names itself, or A names B and B names A…). A verdict in a
 * loop is replaced only by a verdict outside its loop (the reviewer gave a verdict again that
 * names it): the loop's own links count for nothing, so an unanswered loop stays current beside
 * any other verdict, and the reviewer's verdict is a conflict.
 */
function currentVerdicts(verdicts: readonly VerdictView[]): { current: VerdictView[]; superseded: Set<string>; inLoop: Set<string> } {
  const ids = new Set(verdicts.map((verdict) => verdict.id))
  const loopOf = loops(verdicts, ids)
  const superseded = new Set<string>()
  for (const verdict of verdicts) {
    for (const id of verdict.supersedes ?? []) {
      if (!ids.has(id)) continue
      const loop = loopOf.get(id)
      if (loop !== undefined && loop === loopOf.get(verdict.id)) continue
      superseded.add(id)
    }
  }
  return { current: verdicts.filter((verdict) => !superseded.has(verdict.id)), superseded, inLoop: new Set(loopOf.keys()) }
}

/**
 * The verdicts that lie on a loop of `supersedes`, each with its loop's number (Tarjan's
 * strongly connected components, without recursion: a chain of thousands is fine).
 */
function loops(verdicts: readonly VerdictView[], ids: ReadonlySet<string>): Map<string, number> {
  const edges = new Map<string, string[]>()
  for (const verdict of verdicts) edges.set(verdict.id, [...new Set((verdict.supersedes ?? []).filter((id) => ids.has(id)))])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const loopOf = new Map<string, number>()
  let counter = 0
  let loopCount = 0
  for (const start of edges.keys()) {
    if (index.has(start)) continue
    const work: { id: string; next: number }[] = [{ id: start, next: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const targets = edges.get(frame.id)!
      if (frame.next < targets.length) {
        const to = targets[frame.next++]!
        if (!index.has(to)) {
          index.set(to, counter)
          low.set(to, counter++)
          stack.push(to)
          onStack.add(to)
          work.push({ id: to, next: 0 })
        } else if (onStack.has(to)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(to)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!))
      if (low.get(frame.id) !== index.get(frame.id)) continue
      const component: string[] = []
      for (;;) {
        const id = stack.pop()!
        onStack.delete(id)
        component.push(id)
        if (id === frame.id) break
      }
      const selfLoop = component.length === 1 && targets.includes(frame.id)
      if (component.length > 1 || selfLoop) {
        for (const id of component) loopOf.set(id, loopCount)
        loopCount++
      }
    }
  }
  return loopOf
}

/** "Ada", "Ada and Ben", "Ada, Ben and Cy". */
export function nameList(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
}

export function summarize(data: ReviewData, current: ReviewedContent): ReviewSummary {
  const policy = data.policy
  const authorKeys = new Set(data.authors.map((author) => identityKey(author.name)))
  const authors: string[] = []
  const seenAuthors = new Set<string>()
  for (const author of data.authors) {
    const key = identityKey(author.name)
    if (!seenAuthors.has(key)) {
      seenAuthors.add(key)
      authors.push(author.name)
    }
  }
  const approverKeys = policy.approvers ? new Set(policy.approvers.map(identityKey)) : null

  const outcomes = new Map<string, VerdictOutcome>()
  const byPerson = new Map<string, VerdictView[]>()
  for (const verdict of data.verdicts) {
    if (verdict.check.problem !== null) continue
    const key = identityKey(verdict.author)
    const list = byPerson.get(key)
    if (list) list.push(verdict)
    else byPerson.set(key, [verdict])
  }
  // An invalid record that a valid verdict of the same person replaces is history, not a problem.
  const replacedByValid = new Set<string>()
  for (const verdict of data.verdicts) {
    if (verdict.check.problem !== null) continue
    for (const id of verdict.supersedes ?? []) replacedByValid.add(`${identityKey(verdict.author)}\0${id}`)
  }
  for (const verdict of data.verdicts) {
    if (verdict.check.problem === null) continue
    const replaced = replacedByValid.has(`${identityKey(verdict.author)}\0${verdict.id}`)
    outcomes.set(verdict.id, { verdict, status: replaced ? 'superseded' : 'invalid', counted: false, reason: replaced ? null : verdict.check.problem })
  }

  const reviewers: ReviewerVerdict[] = []
  for (const [key, verdicts] of byPerson) {
    const { current: heads, superseded, inLoop } = currentVerdicts(verdicts)
    const looped = heads.some((verdict) => inLoop.has(verdict.id))
    for (const verdict of verdicts) if (superseded.has(verdict.id)) outcomes.set(verdict.id, { verdict, status: 'superseded', counted: false, reason: null })
    const isAuthor = authorKeys.has(key)
    const mayApprove = approverKeys === null || approverKeys.has(key)
    const shown = heads.length > 0 ? heads[heads.length - 1]! : verdicts[verdicts.length - 1]!
    const author = shown.author
    let state: ReviewerState
    if (heads.length !== 1 || looped) state = 'conflict'
    else if (shown.verdict === 'approve') state = sameContent(shown.reviewed, current) ? 'approved' : 'approved-earlier'
    else {
      const theirs = data.threads.filter((thread) => identityKey(thread.author) === key && !thread.deleted)
      const answered = theirs.every((thread) => !isOpen(thread)) && (theirs.length > 0 || !sameContent(shown.reviewed, current))
      state = answered ? 'changes-made' : 'changes-requested'
    }
    const notCounted = isAuthor
      ? `${author} wrote this draft, so ${author}’s own ${shown.verdict === 'approve' ? 'approval' : 'request'} does not count`
      : !mayApprove
        ? `${author} is not one of the approvers the policy names (${policy.file ?? 'the policy file'})`
        : state === 'conflict'
          ? looped
            ? `${author}’s verdicts replace each other in a loop, so which one stands is unknown (a record was copied or edited): ${author} should give a verdict again`
            : `${author} has ${heads.length} verdicts that none replaces (a record was copied or edited, or two were given on different branches): ${author} should give a verdict again`
          : null
    const counted = notCounted === null
    reviewers.push({ author, key, state, verdict: shown, current: heads, isAuthor, counted, notCounted })
    const conflictReason = state === 'conflict' ? notCounted : null
    for (const verdict of heads) {
      outcomes.set(verdict.id, {
        verdict,
        status: state === 'conflict' ? 'conflict' : 'current',
        counted,
        reason: state === 'conflict' ? conflictReason : notCounted,
      })
    }
  }
  reviewers.sort((a, b) => (a.verdict.createdAt < b.verdict.createdAt ? -1 : a.verdict.createdAt > b.verdict.createdAt ? 1 : 0))

  const counting = reviewers.filter((reviewer) => !reviewer.isAuthor && (approverKeys === null || approverKeys.has(reviewer.key)))
  const approvedNow = counting.filter((reviewer) => reviewer.state === 'approved').length
  const conflicts = counting.filter((reviewer) => reviewer.state === 'conflict')
  const has = (state: ReviewerState) => counting.some((reviewer) => reviewer.state === state)
  const unreadable = data.unreadable.length
  const unknownBecause =
    unreadable > 0
      ? plural(unreadable, 'unreadable record')
      : policy.problem !== null
        ? `the policy file ${policy.file ?? ''} cannot be used`.replace('  ', ' ')
        : conflicts.length > 0
          ? `the verdicts of ${nameList(conflicts.map((reviewer) => reviewer.author))} cannot be ordered`
          : null
  const approval: ApprovalState =
    unknownBecause !== null
      ? 'unknown'
      : has('changes-requested')
        ? 'changes-requested'
        : approvedNow >= policy.approvals
          ? 'approved'
          : approvedNow > 0
            ? 'partly-approved'
            : has('approved-earlier')
              ? 'stale'
              : has('changes-made')
                ? 'changes-made'
                : 'none'

  const ordered = data.verdicts.map((verdict) => outcomes.get(verdict.id)!).filter(Boolean)
  const notCounted = [
    ...reviewers
      .filter((reviewer) => reviewer.notCounted !== null && reviewer.state !== 'conflict')
      .map((reviewer) => ({ author: reviewer.author, reason: reviewer.notCounted! })),
    ...ordered
      .filter((outcome) => outcome.status === 'invalid')
      .map((outcome) => ({ author: outcome.verdict.author, reason: `${outcome.verdict.author}’s verdict ${outcome.verdict.id} ${outcome.reason}` })),
  ]
  return {
    openThreads: data.threads.filter(isOpen).length,
    reviewers,
    outcomes: ordered,
    approval,
    unreadable,
    approvals: { counted: approvedNow, required: policy.approvals },
    authors,
    unknownBecause,
    notCounted,
  }
}

/** The reviewers whose verdicts count toward the policy, in a given state. */
function countedNames(summary: ReviewSummary, state: ReviewerState): string {
  return nameList(summary.reviewers.filter((reviewer) => reviewer.counted && reviewer.state === state).map((reviewer) => reviewer.author))
}

/** One line for a list or a terminal: "approved by Ada", "1 of 2 approvals (Ada)", "unknown: 1 unreadable record". */
export function describeApproval(summary: ReviewSummary): string {
  const { counted, required } = summary.approvals
  const count = `${counted} of ${required} approvals`
  const authorsOwn = summary.reviewers.some((reviewer) => reviewer.isAuthor && reviewer.verdict.verdict === 'approve' && reviewer.state !== 'conflict')
    ? ' · the author’s own approval does not count'
    : ''
  switch (summary.approval) {
    case 'unknown':
      return `unknown: ${summary.unknownBecause}`
    case 'approved':
      return `approved by ${countedNames(summary, 'approved')}${required > 1 ? ` (${count})` : ''}${authorsOwn}`
    case 'partly-approved':
      return `${count} (${countedNames(summary, 'approved')})${authorsOwn}`
    case 'stale':
      return `${countedNames(summary, 'approved-earlier')} approved an earlier version${required > 1 ? ` · 0 of ${required} approvals` : ''}${authorsOwn}`
    case 'changes-requested':
      return `changes requested by ${countedNames(summary, 'changes-requested')}`
    case 'changes-made':
      return `changes made since ${countedNames(summary, 'changes-made')} requested them${authorsOwn}`
    case 'none':
      return `${required > 1 ? `0 of ${required} approvals` : 'not approved yet'}${authorsOwn}`
  }
}

export function describeThreads(summary: Pick<ReviewSummary, 'openThreads'>): string {
  return plural(summary.openThreads, 'open thread', { zero: 'no' })
}

/** Why a draft does not pass the gate, or null when it does: approved as the policy asks, nothing open, nothing unreadable. */
export function gateProblem(summary: ReviewSummary): string | null {
  const reasons: string[] = []
  if (summary.openThreads > 0) reasons.push(describeThreads(summary))
  if (summary.approval !== 'approved') reasons.push(describeApproval(summary))
  return reasons.length === 0 ? null : reasons.join('; ')
}

export function reviewBrief(data: ReviewData, current: ReviewedContent): ReviewBrief {
  const summary = summarize(data, current)
  return {
    openThreads: summary.openThreads,
    approval: summary.approval,
    text: describeApproval(summary),
    unreadable: summary.unreadable,
    approvals: summary.approvals,
    authors: summary.authors,
    notCounted: summary.notCounted,
  }
}
