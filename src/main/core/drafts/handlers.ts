/** The drafts channels (see handlers.ts for the door they come through; the reviews channels are reviews/handlers.ts). */
import type { DraftAuthorship } from '../../../shared/ipc'
import { AppFailure } from '../errors'
import type { GrantsService } from '../grants'
import type { Handlers } from '../handlers'
import type { DraftHistory } from '../history'
import type { PendingWork } from '../pending-work'
import type { ReviewSubject } from '../folder'
import type { DraftStore } from './store'
import { draftView } from './view'

export interface DraftHandlerDeps {
  drafts: DraftStore
  /**
   * Who wrote a draft, as its review records say (the port the review service fills, given in
   * core.ts: `reviews.authorship`); null when nobody is recorded.
   */
  authorship: (subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>) => Promise<DraftAuthorship | null>
  history: Pick<DraftHistory, 'sweep'>
  grants: Pick<GrantsService, 'get' | 'typeOf'>
  /** The author records being written (reviews/follow.ts): a read of who wrote a draft waits for them. */
  authorWrites: Pick<PendingWork, 'idle'>
}

export function draftHandlers({ drafts, authorship: authorshipOf, history, grants, authorWrites }: DraftHandlerDeps) {
  return {
    'drafts.list': async () => {
      const listed = await drafts.list()
      // Histories of drafts that left this folder go to the trash (never fails the listing).
      await history.sweep(
        listed.folder,
        listed.items.map((item) => item.id),
      )
      return listed
    },
    'drafts.create': async ({ grantId, pitch, customFields, projectKind }) => {
      const { grant } = await grants.get(grantId)
      const grantType = await grants.typeOf(grantId)
      // The reminders hear of it on the hub (reminders/follow.ts).
      return drafts.create({
        grant,
        grantType,
        ...(pitch !== undefined ? { pitch } : {}),
        ...(customFields !== undefined ? { customFields } : {}),
        ...(projectKind ? { projectKind } : {}),
      })
    },
    // The file's bytes come from the renderer (the browser host has no paths); the import's own
    // bounds apply on top of the contract's size check. The converters load on the first import.
    'drafts.import': async ({ grantId, fileName, content }) => {
      const { importDocument, ImportError } = await import('../import')
      let imported
      try {
        imported = await importDocument(Buffer.from(content, 'base64'), fileName)
      } catch (error) {
        if (error instanceof ImportError) throw new AppFailure('invalid_input', `${fileName} was not imported: ${error.message}.`)
        throw error
      }
      const { grant } = await grants.get(grantId)
      const grantType = await grants.typeOf(grantId)
      const draft = await drafts.create({ grant, grantType, pitch: `${imported.markdown}\n` })
      return { draft, notes: imported.notes }
    },
    // With who wrote it (see DraftAuthorship), so the editor knows Suggesting from Editing before the
    // pitch takes a keystroke. A save a moment ago may still be recording its author: waited for, as reviews.get does.
    'drafts.get': async ({ id }) => {
      await authorWrites.idle()
      const subject = await drafts.openForReview(id)
      const authorship = await authorshipOf(subject)
      return { ...draftView(subject.folder, subject.id, subject.version, subject.file), ...(authorship ? { authorship } : {}) }
    },
    'drafts.save': ({ explicit, ...input }) => drafts.save({ ...input, ...(explicit ? { intent: 'explicit' as const } : {}) }),
    'drafts.merge': ({ explicit, ...input }) => drafts.merge({ ...input, ...(explicit ? { intent: 'explicit' as const } : {}) }),
    'drafts.delete': ({ id, baseVersion }) => drafts.delete(id, baseVersion),
  } satisfies Partial<Handlers>
}
