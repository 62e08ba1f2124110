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
 *
 * In proportion to the pull, whatever its size: one `git log --raw` names the commits, their
 * files and each file's blob; one `git cat-file --batch-check` and one `--batch` read the new
 * records and the drafts' before and after (git.ts, readObjects). What is read is capped: a file
 * over 1 MB is not read (a record is then credited to its commit's author, a draft is known by
 * its id and counted as edited), nor anything past 32 MB in all.
 */
import { parseDraftFile } from '../../../shared/draft-file'
import type { SyncArrival } from '../../../shared/ipc'
import { parseRecordFile, type ReviewRecord } from '../../../shared/review'
import { arrivalText, countRecord, emptyActivity, type DraftActivity } from './activity'
import { classifyPath, literalPathspec } from './paths'
import type { StoredObject } from './git'
import type { Repository } from './repository'

/** What a summary reads at most: one file, and all files together. */
export const ARRIVAL_READ_CAPS = { maxObjectBytes: 1024 * 1024, maxTotalBytes: 32 * 1024 * 1024 }

interface IncomingCommit {
  sha: string
  author: string
  /** `blob`: the file's object as the commit left it (all zeros when deleted). */
  files: { status: string; path: string; blob: string }[]
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
  const out = await repo.git.run(['log', '--no-merges', '--no-renames', '-z', '--raw', '--no-abbrev', '--format=%x1e%H%x1f%an', range, '--', pathspec], {
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
    // ":100644 100644 <old blob> <new blob> <status>", then the path.
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const raw = fields[i]!.split(' ')
      files.push({ status: raw[4] ?? '', blob: raw[3] ?? '', path: fields[i + 1]! })
    }
    commits.push({ sha: sha.trim(), author: author?.trim() || 'A teammate', files })
  }
  return commits.reverse()
}

function readDraft(text: string | null | undefined): { title: string; status: string } | null {
  if (text === null || text === undefined) return null
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
  // Every file the summary reads, in one batch: each new record, and each draft touched, before and after.
  const draftPath = (id: string) => `${repo.prefix}${id}.md`
  const touched = new Set<string>()
  const wanted: string[] = []
  for (const commit of commits) {
    for (const file of commit.files) {
      const kind = classifyPath(repo.prefix, file.path)
      if (kind?.kind === 'draft' || kind?.kind === 'record') touched.add(kind.id)
      if (kind?.kind === 'record' && file.status.startsWith('A')) wanted.push(file.blob)
    }
  }
  for (const id of touched) wanted.push(`${to}:${draftPath(id)}`, ...(from === null ? [] : [`${from}:${draftPath(id)}`]))
  const stored = await repo.git.readObjects(wanted, ARRIVAL_READ_CAPS)
  const at = (rev: string | null, id: string): StoredObject | undefined => (rev === null ? undefined : stored.get(`${rev}:${draftPath(id)}`))

  const people = new Map<string, Map<string, DraftActivity>>()
  const draftAuthors = new Map<string, string>()
  const newThreads: SyncArrival['newThreads'] = []
  const titles = new Map<string, string>()

  const titleOf = (id: string): string => {
    if (!titles.has(id)) titles.set(id, readDraft(at(to, id)?.text)?.title ?? readDraft(at(from, id)?.text)?.title ?? id)
    return titles.get(id)!
  }
  const activity = (person: string, id: string): DraftActivity => {
    let drafts = people.get(person)
    if (!drafts) people.set(person, (drafts = new Map<string, DraftActivity>()))
    let found = drafts.get(id)
    if (!found) drafts.set(id, (found = emptyActivity(id, titleOf(id))))
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
          const text = stored.get(file.blob)?.text
          record = text === null || text === undefined ? null : parseRecordFile(`${kind.recordId}.yaml`, text)
        } catch {
          record = null
        }
      }
      countRecord(activity(record?.author ?? commit.author, kind.id), change, record)
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
    // A draft over the cap is there (its size is known) but unread: neither started nor submitted is judged from its text.
    const beforeFile = at(from, id)
    const afterFile = at(to, id)
    const before = readDraft(beforeFile?.text)
    const after = readDraft(afterFile?.text)
    const one = activity(author, id)
    if (beforeFile === undefined && afterFile !== undefined) one.started = true
    else if (afterFile === undefined) one.deleted = true
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
