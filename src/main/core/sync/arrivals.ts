/**
 * What a pull brought, read from the commits that came in (`from..to`, merges left out, only the
 * drafts folder's files): per teammate and draft, what was started, edited, submitted or
 * deleted and how many comments and verdicts arrived, as data and as one quiet line ("Ben: 3
 * comments on Polar…, approved Arcadia…"); the threads that are new here; and who last changed
 * each draft, which the draft's History shows beside the version that came in.
 *
 * A review record names its author (the reviewer name in their Settings), which is who the
 * summary credits; a draft's change is credited to the git author of the last commit that made it,
 * under their reviewer name when one of the incoming commits shows it (a commit of that author
 * that adds records of one reviewer), so one teammate is not listed twice ("Ben" and "Ben Example").
 */
import { parseDraftFile } from '../../../shared/draft-file'
import type { SyncArrival } from '../../../shared/ipc'
import { parseRecordFile, type ReviewRecord } from '../../../shared/review/records'
import { arrivalText, countRecord, emptyActivity, type DraftActivity } from './activity'
import { classifyPath, literalPathspec } from './paths'
import { fileAt, type Repository } from './repository'

interface IncomingCommit {
  sha: string
  author: string
  files: { status: string; path: string }[]
}

export interface Arrivals {
  /** Null when nothing of the drafts folder came in. */
  arrival: SyncArrival | null
  /** Each draft whose file came in changed: who changed it last. */
  draftAuthors: Map<string, string>
}

/** The commits of `from..to` (all of `to` when `from` is null) that touch the drafts folder, oldest first. */
async function incomingCommits(repo: Repository, from: string | null, to: string): Promise<IncomingCommit[]> {
  const pathspec = repo.prefix === '' ? ':(top)' : literalPathspec(repo.prefix)
  const range = from === null ? to : `${from}..${to}`
  const out = await repo.git.run(['log', '--no-merges', '--no-renames', '-z', '--name-status', '--format=%x1e%H%x1f%an', range, '--', pathspec], {
    readOnly: true,
  })
  const commits: IncomingCommit[] = []
  for (const chunk of out.stdout.split('\x1e')) {
    if (chunk === '') continue
    const end = chunk.indexOf('\0')
    const [sha, author] = (end < 0 ? chunk : chunk.slice(0, end)).split('\x1f') as [string, string]
    const fields =
      end < 0
        ? []
        : chunk
            .slice(end + 1)
            .replace(/^\n/, '')
            .split('\0')
    const files: IncomingCommit['files'] = []
    for (let i = 0; i + 1 < fields.length; i += 2) files.push({ status: fields[i]!, path: fields[i + 1]! })
    commits.push({ sha: sha.trim(), author: author?.trim() || 'A teammate', files })
  }
  return commits.reverse()
}

function readDraft(text: string | null): { title: string; status: string } | null {
  if (text === null) return null
  try {
    const { frontMatter } = parseDraftFile(text)
    return { title: frontMatter.grant.title, status: frontMatter.status }
  } catch {
    return null
  }
}

const sameName = (a: string, b: string | null) => b !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * What came in between `from` and `to`. `me` is this person's reviewer name: their own records
 * (written on another computer) are never marked new.
 */
export async function readArrivals(repo: Repository, from: string | null, to: string, options: { me: string | null; now: Date }): Promise<Arrivals> {
  const commits = await incomingCommits(repo, from, to)
  const people = new Map<string, Map<string, DraftActivity>>()
  const draftAuthors = new Map<string, string>()
  const newThreads: SyncArrival['newThreads'] = []
  const titles = new Map<string, string>()

  const titleOf = async (id: string): Promise<string> => {
    if (!titles.has(id)) {
      const path = `${repo.prefix}${id}.md`
      titles.set(
        id,
        readDraft(await fileAt(repo, `${to}:${path}`))?.title ?? (from ? readDraft(await fileAt(repo, `${from}:${path}`))?.title : undefined) ?? id,
      )
    }
    return titles.get(id)!
  }
  const activity = async (person: string, id: string): Promise<DraftActivity> => {
    let drafts = people.get(person)
    if (!drafts) people.set(person, (drafts = new Map<string, DraftActivity>()))
    let found = drafts.get(id)
    if (!found) drafts.set(id, (found = emptyActivity(id, await titleOf(id))))
    return found
  }

  /** Git author → the reviewer name their records carry. */
  const reviewerNames = new Map<string, string>()
  for (const commit of commits) {
    const recordAuthors = new Set<string>()
    for (const file of commit.files) {
      const kind = classifyPath(repo.prefix, file.path)
      if (kind?.kind === 'draft') draftAuthors.set(kind.id, commit.author) // oldest first: the last one wins
      if (kind?.kind !== 'record') continue
      const change = file.status.startsWith('A') ? 'A' : file.status.startsWith('D') ? 'D' : 'M'
      let record: ReviewRecord | null = null
      if (change === 'A') {
        try {
          record = parseRecordFile(`${kind.recordId}.yaml`, (await fileAt(repo, `${commit.sha}:${file.path}`)) ?? '')
        } catch {
          record = null
        }
      }
      countRecord(await activity(record?.author ?? commit.author, kind.id), change, record)
      if (record) recordAuthors.add(record.author)
      if (record && !sameName(record.author, options.me)) {
        if (record.kind === 'thread') newThreads.push({ draftId: kind.id, threadId: record.id, kind: 'new' })
        else if (record.kind === 'reply' && !newThreads.some((one) => one.threadId === record.thread))
          newThreads.push({ draftId: kind.id, threadId: record.thread, kind: 'reply' })
      }
    }
    if (recordAuthors.size === 1) reviewerNames.set(commit.author, [...recordAuthors][0]!)
  }
  for (const [id, author] of draftAuthors) draftAuthors.set(id, reviewerNames.get(author) ?? author)

  // Each draft's own change, judged from before and after the pull (several commits may have touched it).
  for (const [id, author] of draftAuthors) {
    const path = `${repo.prefix}${id}.md`
    const before = from === null ? null : readDraft(await fileAt(repo, `${from}:${path}`))
    const afterText = await fileAt(repo, `${to}:${path}`)
    const after = readDraft(afterText)
    const one = await activity(author, id)
    if (before === null && afterText !== null) one.started = true
    else if (afterText === null) one.deleted = true
    else if (after?.status === 'submitted' && before?.status !== 'submitted') one.submitted = true
    else one.edited = true
  }

  const list = [...people].map(([name, drafts]) => ({ name, drafts: [...drafts.values()] }))
  if (list.length === 0) return { arrival: null, draftAuthors }
  return {
    arrival: { at: options.now.toISOString(), commits: commits.length, people: list, newThreads, text: arrivalText(list) },
    draftAuthors,
  }
}
