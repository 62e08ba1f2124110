/**
 * How drafts read from disk are shown to the rest of the app: the contract's `Draft` for one
 * draft file, the `DraftSummary` of a listed entry (readable or damaged), and the listing order,
 * newest first.
 */
import { join } from 'node:path'
import type { DraftFile, DraftFrontMatter } from '../../../shared/draft-file'
import { DraftId, type Draft, type DraftNotSent, type DraftSummary } from '../../../shared/ipc'
import type { ReviewBrief } from '../../../shared/review'
import type { Relevant } from '../folder'

/** The front matter's `not_sent` note, for a draft that is still a draft (a submitted one was sent). */
function notSentOf(fm: DraftFrontMatter): DraftNotSent | null {
  const note = fm.not_sent
  if (!note || fm.status === 'submitted') return null
  return {
    applicationId: note.application_id,
    fromDraftId: note.from_draft !== null && DraftId.safeParse(note.from_draft).success ? note.from_draft : null,
    at: note.at,
  }
}

export function draftView(folder: string, id: string, version: string, file: DraftFile): Draft {
  const fm = file.frontMatter
  return {
    id,
    fileName: `${id}.md`,
    path: join(folder, `${id}.md`),
    version,
    grant: {
      id: fm.grant.id,
      title: fm.grant.title,
      reward: fm.grant.reward,
      deadline: fm.grant.deadline,
      applyEndpoint: fm.grant.apply_endpoint,
      applicationSchema: fm.grant.application_schema,
      type: fm.grant.type ?? null,
    },
    pitch: file.pitch,
    customFields: { ...fm.custom_fields },
    status: fm.status,
    applicationId: fm.application_id,
    notSent: notSentOf(fm),
    projectKind: fm.project_kind ?? null,
    createdAt: fm.created_at,
    updatedAt: fm.updated_at,
  }
}

/** `review`: the brief of a readable draft's review (see reviews.ts); ignored for a damaged file. */
export function summaryOf(entry: Relevant, review: ReviewBrief): DraftSummary {
  if (entry.kind === 'damaged') {
    return { state: 'damaged', id: entry.id, fileName: entry.fileName, version: entry.version, reason: entry.reason }
  }
  const fm = entry.file.frontMatter
  return {
    state: 'ok',
    id: entry.id,
    fileName: entry.fileName,
    version: entry.version,
    grantId: fm.grant.id,
    grantTitle: fm.grant.title,
    grantDeadline: fm.grant.deadline,
    status: fm.status,
    applicationId: fm.application_id,
    notSent: notSentOf(fm),
    updatedAt: fm.updated_at,
    review,
  }
}

/** Where an entry sorts in the listing: the larger, the newer. */
export interface ListingOrder {
  key: number
  id: string
}

export function listingOrder(entry: Relevant): ListingOrder {
  // A damaged file has no updated_at we can trust; when it last changed on disk is the closest.
  return { key: entry.kind === 'ok' ? Date.parse(entry.file.frontMatter.updated_at) : entry.mtimeMs, id: entry.id }
}

export function byNewestOrder(a: ListingOrder, b: ListingOrder): number {
  return b.key - a.key || a.id.localeCompare(b.id)
}

export function byNewest(a: Relevant, b: Relevant): number {
  return byNewestOrder(listingOrder(a), listingOrder(b))
}
