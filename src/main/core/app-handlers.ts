/**
 * The channels of the app's smaller areas (see handlers.ts): settings, session, grants and saved
 * searches, applications, feedback, export and connectivity. What follows from them happens on
 * the hub (hub.ts): a settings change moves the watch and the timers, a live list of grants is a
 * check of the saved searches.
 */
import type { ApplicationsLog } from './applications'
import type { ExportService } from './export/service'
import type { LinkChecker } from './links'
import type { GrantsService } from './grants'
import type { Handlers } from './handlers'
import type { CoreHub } from './hub'
import type { SavedSearchService } from './saved-searches/service'
import type { ServiceClient } from './service-client'
import type { Session } from './session'
import type { SettingsService } from './settings'
import type { SubmissionService } from './submission'

export function settingsHandlers({ settings, session, hub }: { settings: SettingsService; session: Session; hub: CoreHub }) {
  return {
    'settings.get': () => settings.view(),
    'settings.update': async (patch) => {
      // A drafts folder is checked (src/main/core/folders.ts) and stored normalised by the settings.
      const before = await settings.view()
      const after = await settings.update(patch)
      await hub.emit('settings.changed', { before, after })
      return after
    },
    'session.status': () => session.status(),
    'session.login': (input) => session.login(input),
    'session.logout': () => session.logout(),
    'session.forget': ({ service }) => session.forget(service),
  } satisfies Partial<Handlers>
}

export function grantHandlers({ grants, savedSearches, hub }: { grants: GrantsService; savedSearches: SavedSearchService; hub: CoreHub }) {
  return {
    'grants.list': async (input) => {
      const list = await grants.list(input)
      await hub.emit('grants.listed', { filter: { status: input?.status ?? 'open', type: input?.type ?? 'all' }, list })
      return list
    },
    'grants.get': async ({ id }) => {
      const detail = await grants.get(id)
      await hub.emit('grant.opened', { id })
      return detail
    },
    'savedSearches.list': () => savedSearches.view(),
    'savedSearches.create': ({ name, filters }) => savedSearches.create(name, filters),
    'savedSearches.rename': ({ id, name }) => savedSearches.rename(id, name),
    'savedSearches.delete': ({ id }) => savedSearches.delete(id),
    'savedSearches.refresh': async () => {
      await savedSearches.refresh()
      return savedSearches.view()
    },
  } satisfies Partial<Handlers>
}

export interface ApplicationHandlerDeps {
  submission: SubmissionService
  applications: ApplicationsLog
  exporter: ExportService
  client: ServiceClient
  settings: SettingsService
}

export function applicationHandlers({ submission, applications, exporter, client, settings }: ApplicationHandlerDeps) {
  return {
    'applications.preview': ({ draftId }) => submission.preview(draftId),
    'applications.submit': ({ draftId, submitAnyway }) => submission.submit(draftId, { submitAnyway }),
    'applications.list': async () => ({ items: await applications.list() }),
    'feedback.send': async ({ issue }) => {
      const { feedbackNamespace } = await settings.values()
      const result = await client.sendFeedback({ skill: `${feedbackNamespace}/grant-apply`, issue })
      return { message: result.message ?? 'Thank you — your report was sent.', id: result.id ?? null }
    },
    'export.reviewCopy': ({ draftId }) => exporter.reviewCopy(draftId),
    'export.pdf': ({ draftId }) => exporter.pdf(draftId),
    'connectivity.check': async () => ({ online: await client.probe() }),
  } satisfies Partial<Handlers>
}

/** "Check links" (issue 33): the links of the text the editor holds, asked by the same checker as `lint --check-links`. */
export function linkHandlers({ links }: { links: LinkChecker }) {
  return {
    'links.check': async ({ pitch, customFields }) => {
      // Loaded when asked, as the submission's checklist is (submission.ts): the checklist's door
      // brings its rules and Markdown parser, which the host need not parse before the grant list.
      const { linksToCheck } = await import('../../shared/checklist')
      return links.check(linksToCheck(pitch, customFields))
    },
  } satisfies Partial<Handlers>
}
