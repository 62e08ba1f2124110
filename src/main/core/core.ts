/**
 * The main process's core, assembled: services over the data folder, the service client and
 * the two ports the host provides (where secrets and settings live). The Electron shell and
 * the browser host both run exactly this, and talk to it only through `dispatch` and
 * `subscribe`. Nothing here imports `electron`.
 */
import { join } from 'node:path'
import type { IpcEvent } from '../../shared/ipc'
import { ApplicationsLog } from './applications'
import { ResponseCache } from './cache'
import { DraftStore } from './drafts'
import { ReviewService, changedContent } from './drafts/reviews'
import { draftView } from './drafts/view'
import { PendingWork } from './pending-work'
import { type Logger, consoleLogger } from './errors'
import { CoreEvents } from './events'
import { type ChannelParsedInput, type Dispatch, type Handlers, createDispatch } from './handlers'
import { GrantsService } from './grants'
import { DraftHistory } from './history'
import type { SecretStore } from './secret-store'
import { createServiceClient, type ServiceClientOptions } from './service-client'
import { Session } from './session'
import { CredentialVault } from './credentials'
import { serviceOrigin } from '../../shared/service-address'
import { bundledSandbox } from './sandbox'
import { type SettingsBackend, SettingsService } from './settings'
import { SubmissionService } from './submission'
import { ExportService, type PdfPrinter } from './export/service'
import { SavedSearchService } from './saved-searches/service'
import { type RefreshTimer, SavedSearchScheduler, realRefreshTimer } from './saved-searches/scheduler'
import { withActionBudget } from './action-budget'
import { SyncScheduler, SyncService } from './sync'

/** The whole background check of the saved searches (one list per status and type) may take this long. */
const BACKGROUND_CHECK_BUDGET_MS = 60_000
import { ReminderService, type ReminderNotifier } from './reminders'
import { buildCalendar, calendarFileName, type CalendarDeadline } from './calendar/ics'
import { AppFailure } from './errors'
import { dirname } from 'node:path'

export interface CoreOptions {
  /** The app's own folder: cache, applications record, deleted drafts, default drafts folder. */
  dataDir: string
  secrets: SecretStore
  settings: SettingsBackend
  /** Read for `GRANT_SERVICE_URL` and the sandbox a start command started (sandbox.ts). Default `process.env`. */
  env?: Record<string, string | undefined>
  log?: Logger
  now?: () => Date
  /** Timeouts and retries of the service client (tests shorten them). */
  client?: Omit<ServiceClientOptions, 'baseUrl' | 'log' | 'onReachability' | 'onWait'>
  /** The total time the service may take for one action (default 20 s; see action-budget.ts). */
  actionBudgetMs?: number
  /** Prints the review copy to PDF: only the Electron shell can (export-pdf.ts); without it `export.pdf` says so. */
  pdf?: PdfPrinter
  /** The timer of the background check for new grants (tests fire it by hand). Default: real timers. */
  refreshTimer?: RefreshTimer
  /** Shows deadline reminders as the system's notifications: only the Electron shell can (reminder-notifier.ts); without it the page shows them. */
  notifier?: ReminderNotifier
  /** How often due reminders are looked for, and deadlines compared with the service (tests shorten them). */
  reminders?: { checkEveryMs?: number; refreshEveryMs?: number }
  /** The timer of the automatic team sync (tests fire it by hand). Default: real timers. */
  syncTimer?: RefreshTimer
}

export interface Core {
  dispatch: Dispatch
  subscribe: (listener: (event: IpcEvent, payload: unknown) => void) => () => void
  close: () => Promise<void>
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? consoleLogger
  const now = options.now ?? (() => new Date())
  const env = options.env ?? process.env
  const events = new CoreEvents()

  const settings = new SettingsService({
    backend: options.settings,
    dataDir: options.dataDir,
    serviceUrlOverride: env['GRANT_SERVICE_URL'],
    sandbox: bundledSandbox(env, log),
    log,
  })

  let online: boolean | null = null
  const client = createServiceClient({
    ...options.client,
    baseUrl: () => settings.serviceUrl(),
    log,
    onWait: (wait) => events.emit('service.waiting', wait),
    onReachability: (reachable) => {
      if (reachable === online) return
      online = reachable
      events.emit('connectivity', { online: reachable })
    },
  })

  const vault = new CredentialVault({ store: options.secrets, currentOrigin: async () => serviceOrigin(await settings.serviceUrl()), log })
  const session = new Session({ vault, client, events, log, serviceUrl: () => settings.serviceUrl() })
  const grants = new GrantsService({ client, cache: new ResponseCache(join(options.dataDir, 'cache'), log), now, log })
  const savedSearches = new SavedSearchService({
    dataDir: options.dataDir,
    listGrants: (input) => grants.list(input),
    now,
    log,
    onChanged: (view) => events.emit('savedSearches.changed', view),
  })
  const scheduler = new SavedSearchScheduler({
    timer: options.refreshTimer ?? realRefreshTimer,
    minutes: async () => (await settings.values()).savedSearchRefreshMinutes,
    // A budget of its own: the timer was set inside some action (a settings change, the check
    // before), whose budget it would otherwise inherit, long spent when the timer fires.
    refresh: () => withActionBudget(BACKGROUND_CHECK_BUDGET_MS, () => savedSearches.refresh()),
    onFound: (found) => events.emit('savedSearches.found', found),
    log,
  })
  // Earlier versions of each draft, in the app's data folder; it learns of every change from the store.
  const history: DraftHistory = new DraftHistory({
    root: join(options.dataDir, 'history'),
    trashDir: join(options.dataDir, 'deleted-drafts'),
    drafts: { get: (id) => drafts.get(id), save: (args) => drafts.save(args) },
    savedBy: async () => (await settings.values()).reviewerName,
    // A version a team sync pulled in names the teammate who made it.
    externalAuthor: (draft) => sync.authorOf(dirname(draft.path), draft.id, draft.version),
    now,
    log,
  })
  const authorWrites = new PendingWork()
  const drafts = new DraftStore({
    folder: () => settings.draftsFolder(),
    trashDir: join(options.dataDir, 'deleted-drafts'),
    now,
    log,
    onSaved: (event) => {
      sync.noteChange()
      // Who saved a change is an author of the draft (one record each, in its review folder).
      if (event.kind === 'created' || (event.kind === 'saved' && changedContent(event.before, event.draft))) {
        authorWrites.run(
          () => reviews.recordAuthor(event.folder, event.draft.id, event.kind === 'created' ? 'created' : 'edited'),
          (error) => log.warn('could not record the author of a draft', error),
        )
      }
      return history.record(event)
    },
  })
  const reviews: ReviewService = new ReviewService({
    open: (id) => drafts.openForReview(id),
    reviewerName: async () => (await settings.values()).reviewerName,
    signingKey: async () => (await settings.values()).signingKey,
    savedHere: async (id) => {
      const saved = await history.list(id).catch(() => null)
      return saved?.versions.some((version) => version.source !== 'external') ?? false
    },
    written: (subject) => {
      sync.noteChange()
      return drafts.noteReviewsWritten(subject.folder, subject.id)
    },
    // The store's cache of record files: a review is read again only where it changed.
    records: drafts.recordCache,
    now,
  })
  // Team sync through git (src/main/core/sync): the drafts folder's repository, with the system's git.
  const sync: SyncService = new SyncService({
    folder: () => settings.draftsFolder(),
    env,
    reviewerName: async () => (await settings.values()).reviewerName || null,
    memoryFile: join(options.dataDir, 'team-sync.json'),
    appDataDir: options.dataDir,
    saveDraft: (args) => drafts.save({ ...args, intent: 'explicit' }),
    settled: () => authorWrites.idle(),
    onState: (state) => events.emit('sync.changed', state),
    onArrival: (arrival) => {
      events.emit('sync.arrived', arrival)
      // The watcher reads what the pull wrote; a look at every file as well catches events the system dropped.
      void drafts.recheck().catch((error: unknown) => log.warn('the drafts folder could not be looked at after the pull', error))
    },
    now,
    log,
  })
  const syncScheduler = new SyncScheduler({
    timer: options.syncTimer ?? realRefreshTimer,
    settings: async () => (await settings.values()).teamSync,
    sync: () => sync.sync(),
    busy: () => sync.running,
    log,
  })
  const applications = new ApplicationsLog(join(options.dataDir, 'applications.json'), { log, now })
  const submission = new SubmissionService({ client, session, drafts, reviews, applications, now })
  const exporter = new ExportService({ open: (id) => drafts.openForReview(id), sponsorOf: (id) => grants.sponsorOf(id), now, pdf: options.pdf ?? null })

  const reminders = new ReminderService({
    file: join(options.dataDir, 'reminders.json'),
    now,
    log,
    events,
    drafts: { open: () => drafts.openDeadlines(), setGrantDeadline: (id, deadline) => drafts.setGrantDeadline(id, deadline) },
    grants: () => client.listGrants({ status: 'all' }),
    settings: async () => (await settings.values()).reminders,
    notifier: options.notifier ?? null,
    ...options.reminders,
  })
  /** Looks for due reminders now (after a change that may have made one due); never fails the caller. */
  const recheck = () => void reminders.check().catch((error: unknown) => log.warn('reminders could not be checked', error))

  /** Deadlines of drafts, for "Add to calendar": the draft's own copy of its grant's deadline. */
  const calendarOf = async (input: ChannelParsedInput<'calendar.export'>): Promise<{ deadlines: CalendarDeadline[]; label: string }> => {
    if ('grantId' in input) {
      const { grant } = await grants.get(input.grantId)
      return { deadlines: [{ grantId: grant.id, title: grant.title, reward: grant.reward, deadline: grant.deadline }], label: `deadline ${grant.title}` }
    }
    if ('draftId' in input) {
      const { grant } = await drafts.get(input.draftId)
      return { deadlines: [{ grantId: grant.id, title: grant.title, reward: grant.reward, deadline: grant.deadline }], label: `deadline ${grant.title}` }
    }
    const listed = await drafts.list()
    const deadlines: CalendarDeadline[] = []
    for (const item of listed.items) {
      if (item.state !== 'ok' || item.status !== 'draft' || Date.parse(item.grantDeadline) <= now().getTime()) continue
      const { grant } = await drafts.get(item.id)
      deadlines.push({ grantId: grant.id, title: grant.title, reward: grant.reward, deadline: grant.deadline })
    }
    if (deadlines.length === 0) {
      throw new AppFailure(
        'invalid_input',
        'None of your drafts is open with a deadline still ahead, so there is nothing to add to a calendar. Start a draft from a grant’s page first.',
      )
    }
    return { deadlines, label: 'grant-desk-deadlines' }
  }

  let stopWatching: (() => void) | null = null
  const watchDrafts = async () => {
    stopWatching?.()
    stopWatching = null
    try {
      stopWatching = await drafts.watch((ids) => {
        events.emit('drafts.changed', { ids })
        sync.noteChange()
        recheck()
      })
    } catch (error) {
      // Without a watcher the app still works; it only learns of outside edits on the next list.
      log.warn('the drafts folder cannot be watched', error)
    }
  }

  const handlers: Handlers = {
    'settings.get': () => settings.view(),
    'settings.update': async (patch) => {
      // A drafts folder is checked (src/main/core/folders.ts) and stored normalised by the settings.
      const before = await settings.draftsFolder()
      const beforeMinutes = (await settings.values()).savedSearchRefreshMinutes
      const beforeSync = (await settings.values()).teamSync.everyMinutes
      const view = await settings.update(patch)
      if (view.effectiveDraftsFolder !== before) {
        await watchDrafts()
        sync.noteChange()
      }
      if (view.savedSearchRefreshMinutes !== beforeMinutes) await scheduler.schedule()
      if (view.teamSync.everyMinutes !== beforeSync) await syncScheduler.schedule()
      recheck()
      return view
    },
    'session.status': () => session.status(),
    'session.login': (input) => session.login(input),
    'session.logout': () => session.logout(),
    'session.forget': ({ service }) => session.forget(service),
    'grants.list': async (input) => {
      const list = await grants.list(input)
      // A live list is a check of the saved searches of the same status and type.
      if (!list.fromCache) await savedSearches.observe({ status: input?.status ?? 'open', type: input?.type ?? 'all' }, list.items)
      return list
    },
    'grants.get': async ({ id }) => {
      const detail = await grants.get(id)
      await savedSearches.markSeen(id)
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
      const created = await drafts.create({
        grant,
        grantType,
        ...(pitch !== undefined ? { pitch } : {}),
        ...(customFields !== undefined ? { customFields } : {}),
        ...(projectKind ? { projectKind } : {}),
      })
      // A draft started close to its deadline is due a reminder at once (and its grant may be closed).
      void reminders.refreshDeadlines().catch((error: unknown) => log.warn('reminders could not be checked', error))
      return created
    },
    // With who wrote it (see DraftAuthorship), so the editor knows Suggesting from Editing before the
    // pitch takes a keystroke. A save a moment ago may still be recording its author: waited for, as reviews.get does.
    'drafts.get': async ({ id }) => {
      await authorWrites.idle()
      const subject = await drafts.openForReview(id)
      const authorship = await reviews.authorship(subject)
      return { ...draftView(subject.folder, subject.id, subject.version, subject.file), ...(authorship ? { authorship } : {}) }
    },
    'drafts.save': ({ explicit, ...input }) => drafts.save({ ...input, ...(explicit ? { intent: 'explicit' as const } : {}) }),
    'drafts.merge': ({ explicit, ...input }) => drafts.merge({ ...input, ...(explicit ? { intent: 'explicit' as const } : {}) }),
    'drafts.delete': ({ id, baseVersion }) => drafts.delete(id, baseVersion),
    'history.list': ({ draftId }) => history.list(draftId),
    'history.get': ({ draftId, versionId }) => history.get(draftId, versionId),
    'history.restore': (input) => history.restore(input),
    // A draft saved a moment ago may still be recording its author (onSaved above): the review
    // waits for that, so the Review panel opened on a new draft already knows who wrote it.
    'reviews.get': async ({ draftId }) => {
      await authorWrites.idle()
      return reviews.get(draftId)
    },
    'reviews.addThread': ({ draftId, ...input }) => reviews.addThread(draftId, input),
    'reviews.reply': ({ draftId, ...input }) => reviews.reply(draftId, input),
    'reviews.setResolved': ({ draftId, ...input }) => reviews.setResolved(draftId, input),
    'reviews.decideSuggestion': ({ draftId, ...input }) => reviews.decideSuggestion(draftId, input),
    'reviews.editComment': ({ draftId, ...input }) => reviews.editComment(draftId, input),
    'reviews.deleteComment': ({ draftId, ...input }) => reviews.deleteComment(draftId, input),
    'reviews.setVerdict': ({ draftId, ...input }) => reviews.setVerdict(draftId, input),
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
    'reminders.list': () => reminders.list(),
    'reminders.acknowledge': ({ keys }) => reminders.acknowledge(keys),
    'calendar.export': async (input) => {
      const { deadlines, label } = await calendarOf(input)
      const { reminders: reminderSettings } = await settings.values()
      return { ics: buildCalendar(deadlines, reminderSettings.offsetsMinutes, now()), fileName: calendarFileName(label), events: deadlines.length }
    },
    'sync.state': () => sync.state(),
    'sync.run': () => sync.sync(),
    'sync.track': (input) => sync.track(input?.remoteUrl),
    'sync.setRemote': ({ url }) => sync.setRemote(url),
    'sync.conflicts': async () => ({ conflicts: await sync.conflicts() }),
    'sync.resolve': (input) => sync.resolve(input),
    'sync.abort': () => sync.abort(),
    'sync.news': () => sync.news(),
    'sync.markSeen': ({ draftId, threadIds }) => sync.markSeen(draftId, threadIds),
  }

  await watchDrafts()
  await scheduler.schedule()
  await reminders.start()
  await syncScheduler.start()

  return {
    dispatch: createDispatch(handlers, log, options.actionBudgetMs === undefined ? {} : { budgetMs: options.actionBudgetMs }),
    subscribe: (listener) => events.subscribe(listener),
    close: async () => {
      await scheduler.stop()
      await syncScheduler.stop()
      await sync.close()
      stopWatching?.()
      stopWatching = null
      reminders.close()
      await reminders.idle()
      // Versions of the last saves are still being written: let them finish.
      await history.idle()
      await authorWrites.idle()
    },
  }
}
