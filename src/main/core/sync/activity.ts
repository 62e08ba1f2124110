/**
 * What a set of changed files means to a person: per draft, started, edited, submitted or
 * deleted, and how many comments, approvals and requests for changes its review records add.
 * One reading for both directions, so a commit's message and the summary of what arrived say
 * the same thing the same way: "Ada: edit 'Polar Security Tooling Grants'; 2 comments, 1
 * approval" going out, "Ben: 3 comments on Polar Security…, approved Arcadia…" coming in.
 */
import type { SyncArrivalDraft } from '../../../shared/ipc'
import type { ReviewRecord } from '../../../shared/review'

export type DraftActivity = SyncArrivalDraft

/** A file's change: added, modified or deleted. */
export type FileChange = 'A' | 'M' | 'D'

export function emptyActivity(draftId: string, title: string): DraftActivity {
  return { draftId, title, started: false, edited: false, submitted: false, deleted: false, comments: 0, approvals: 0, changeRequests: 0, otherRecords: 0 }
}

/** Counts one review record file's change (`record` null: a file that could not be read, or is gone). */
export function countRecord(activity: DraftActivity, change: FileChange, record: ReviewRecord | null): void {
  // Who wrote the draft: told by the draft's own change (started, edited), not a review change.
  if (record?.kind === 'author') return
  if (change !== 'A' || record === null) {
    // An edited or deleted comment rewrites its own file; a file removed is a record taken back.
    activity.otherRecords++
    return
  }
  switch (record.kind) {
    case 'thread':
    case 'reply':
      activity.comments++
      break
    case 'verdict':
      if (record.verdict === 'approve') activity.approvals++
      else activity.changeRequests++
      break
    default:
      activity.otherRecords++
  }
}

export function hasRecords(activity: DraftActivity): boolean {
  return activity.comments + activity.approvals + activity.changeRequests + activity.otherRecords > 0
}

/** "Polar Security…": a title cut at a word, for one line. */
export function shortTitle(title: string, max = 40): string {
  const clean = title.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** "2 comments, 1 approval, 1 request for changes, 1 other review change". */
export function recordCounts(activities: readonly DraftActivity[]): string {
  const sum = (key: 'comments' | 'approvals' | 'changeRequests' | 'otherRecords') => activities.reduce((n, one) => n + one[key], 0)
  const parts: string[] = []
  if (sum('comments') > 0) parts.push(plural(sum('comments'), 'comment'))
  if (sum('approvals') > 0) parts.push(plural(sum('approvals'), 'approval'))
  if (sum('changeRequests') > 0) parts.push(plural(sum('changeRequests'), 'request for changes', 'requests for changes'))
  if (sum('otherRecords') > 0) parts.push(plural(sum('otherRecords'), 'other review change'))
  return parts.join(', ')
}

type Verb = 'start' | 'edit' | 'submit' | 'delete'

function verbOf(activity: DraftActivity): Verb | null {
  if (activity.deleted) return 'delete'
  if (activity.submitted) return 'submit'
  if (activity.started) return 'start'
  if (activity.edited) return 'edit'
  return null
}

const quoted = (activity: DraftActivity) => `'${shortTitle(activity.title)}'`

/**
 * A commit's first line: "<name>: edit 'Polar Security Tooling Grants'; 2 comments, 1 approval".
 * Several drafts of one kind of change are named up to two ("edit 'A' and 'B'"), then counted.
 */
export function commitSubject(name: string, activities: readonly DraftActivity[], teamFiles: readonly string[]): string {
  const byVerb = new Map<Verb, DraftActivity[]>()
  for (const activity of activities) {
    const verb = verbOf(activity)
    if (verb) byVerb.set(verb, [...(byVerb.get(verb) ?? []), activity])
  }
  const drafts = (['start', 'edit', 'submit', 'delete'] as const)
    .filter((verb) => byVerb.has(verb))
    .map((verb) => {
      const list = byVerb.get(verb)!
      if (list.length === 1) return `${verb} ${quoted(list[0]!)}`
      if (list.length === 2) return `${verb} ${quoted(list[0]!)} and ${quoted(list[1]!)}`
      return `${verb} ${list.length} drafts`
    })
  const reviewed = activities.filter(hasRecords)
  let records = recordCounts(reviewed)
  // Only review records changed: say on which draft.
  if (records !== '' && drafts.length === 0) records += reviewed.length === 1 ? ` on ${quoted(reviewed[0]!)}` : ` on ${reviewed.length} drafts`
  const parts = [drafts.join(', '), records, teamFiles.length > 0 ? `update ${teamFiles.join(' and ')}` : ''].filter((part) => part !== '')
  return `${name}: ${parts.join('; ') || 'update drafts'}`
}

/** The commit's body: one line per draft, so `git log` reads like the app's summary. */
export function commitBody(activities: readonly DraftActivity[]): string {
  return activities
    .map((activity) => {
      const what = [
        verbOf(activity) ? `${{ start: 'started', edit: 'edited', submit: 'submitted', delete: 'deleted' }[verbOf(activity)!]}` : '',
        recordCounts([activity]),
      ].filter((part) => part !== '')
      return `- ${activity.title} (${activity.draftId}.md): ${what.join('; ')}`
    })
    .join('\n')
}

/** One person's part of an arrival: "3 comments on Polar Security…, approved Arcadia…". */
export function personText(activities: readonly DraftActivity[]): string {
  const parts: string[] = []
  for (const activity of activities) {
    const title = shortTitle(activity.title, 24)
    if (activity.started) parts.push(`started ${title}`)
    else if (activity.submitted) parts.push(`submitted ${title}`)
    else if (activity.deleted) parts.push(`deleted ${title}`)
    else if (activity.edited) parts.push(`edited ${title}`)
    if (activity.approvals > 0) parts.push(`approved ${title}`)
    if (activity.changeRequests > 0) parts.push(`requested changes on ${title}`)
    if (activity.comments > 0) parts.push(`${plural(activity.comments, 'comment')} on ${title}`)
    if (activity.otherRecords > 0 && activity.comments + activity.approvals + activity.changeRequests === 0) parts.push(`updated the review of ${title}`)
  }
  return parts.join(', ')
}

/** The whole arrival in a line: "Ben: 3 comments on Polar…, approved Arcadia…; Cleo: edited Polar…". */
export function arrivalText(people: readonly { name: string; drafts: readonly DraftActivity[] }[]): string {
  return people
    .map((person) => ({ name: person.name, text: personText(person.drafts) }))
    .filter((person) => person.text !== '')
    .map((person) => `${person.name}: ${person.text}`)
    .join('; ')
}
