/**
 * The main process's core, assembled: services over the data folder, the service client and
 * the two ports the host provides (where secrets and settings live). The Electron shell and
 * the browser host both run exactly this, and talk to it only through `dispatch` and
 * `subscribe`. Nothing here imports `electron`.
 *
 * Composition only: each service is built once, in an order where everything it is given
 * already exists (no late-bound closure), and what one service's change means to another is a
 * subscription on the core's hub (hub.ts), made in the listening module's own `follow.ts`. The
 * channels are bound in each area's `handlers.ts` and merged here.
 */
import { join, dirname } from 'node:path'
import type { IpcEvent } from '../../shared/ipc'
import { ApplicationsLog } from './applications'
import { applicationHandlers, grantHandlers, linkHandlers, settingsHandlers } from './app-handlers'
import { type CheckBounds, LinkChecker } from './links'
import { ResponseCache } from './cache'
import { calendarHandlers } from './calendar/export'
import { DraftStore } from './drafts'
import { noteOwnReviews, tellViews, watchDrafts } from './drafts/follow'
import { draftHandlers } from './drafts/handlers'
import { readReviewBrief, recordAuthors, ReviewService, reviewHandlers } from './reviews'
import { type Logger, consoleLogger } from './errors'
import { CoreEvents } from './events'
import { type Dispatch, type Handlers, createDispatch } from './handlers'
import { GrantsService } from './grants'
import { PendingWork } from './pending-work'
import { DraftHistory } from './history'
import { keepHistory } from './history/follow'
import { historyHandlers } from './history/handlers'
import { CoreHub } from './hub'
import type { SecretStore } from './secret-store'
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from './service-client'
import { Session } from './session'
import { CredentialVault } from './credentials'
import { serviceOrigin } from '../../shared/api'
import { bundledSandbox } from './sandbox'
import { type SettingsBackend, SettingsService } from './settings'
import { SubmissionService } from './submission'
import { ExportService, type PdfPrinter } from './export/service'
import { SavedSearchService } from './saved-searches/service'
import { followGrants } from './saved-searches/follow'
import { type RefreshTimer, SavedSearchScheduler, realRefreshTimer } from './saved-searches/scheduler'
import { withActionBudget } from './action-budget'
import { SyncScheduler, SyncService } from './sync'
import { countChanges, followSyncSettings } from './sync/follow'
import { syncHandlers } from './sync/handlers'
import { ReminderService, type ReminderNotifier } from './reminders'
import { followReminders } from './reminders/follow'

/** The whole background check of the saved searches (one list per status and type) may take this long. */
const BACKGROUND_CHECK_BUDGET_MS = 60_000

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
  /** The link check's bounds (tests shorten the 10 s timeout). */
  linkBounds?: Partial<CheckBounds>
  /**
   * The start's background work (the drafts folder's watcher, the reminders' first check, which
   * reads every draft, and their timers, the saved searches' and the team sync's timers, a sync
   * on start) begins once this settles; `createCore` returns before. Default: it begins, and is
   * waited for, before `createCore` returns. The browser host passes its first screen's turn
   * (src/host/first-screen.ts): the grant list is what an applicant waits for as the app starts.
   */
  backgroundAfter?: Promise<unknown>
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
  const hub = new CoreHub(log)

  const settings = new SettingsService({
    backend: options.settings,
    dataDir: options.dataDir,
    serviceUrlOverride: env['GRANT_SERVICE_URL'],
    sandbox: bundledSandbox(env, log),
    log,
  })
  const client = connectedClient(options, settings, events, log)
  const vault = new CredentialVault({ store: options.secrets, currentOrigin: async () => serviceOrigin(await settings.serviceUrl()), log })
  const session = new Session({ vault, client, events, log, serviceUrl: () => settings.serviceUrl() })
  const { grants, savedSearches, scheduler } = grantServices(options, { settings, client, events, log, now })

  const { drafts, authorWrites, sync, syncScheduler, history, reviews } = folderServices(options, { settings, events, hub, env, log, now })
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

  // Who listens to what (each in its own module). In this order, as before the hub: the sync
  // counts a change, the author is recorded, the history keeps the version, the views are told.
  countChanges(hub, sync)
  recordAuthors(hub, reviews, authorWrites, log)
  keepHistory(hub, history)
  noteOwnReviews(hub, drafts, events)
  tellViews(hub, events)
  followReminders(hub, reminders, log)
  followGrants(hub, savedSearches, scheduler)
  followSyncSettings(hub, syncScheduler)

  const handlers: Handlers = {
    ...settingsHandlers({ settings, session, hub }),
    ...grantHandlers({ grants, savedSearches, hub }),
    ...draftHandlers({ drafts, authorship: (subject) => reviews.authorship(subject), history, grants, authorWrites }),
    ...reviewHandlers({ reviews, authorWrites }),
    ...historyHandlers(history),
    ...applicationHandlers({ submission, applications, exporter, client, settings }),
    ...calendarHandlers({ grants, drafts, reminders, settings, now }),
    ...syncHandlers(sync),
    // Answers kept a day in the data folder; nothing is asked but on the applicant's action.
    ...linkHandlers({
      links: new LinkChecker({ dataDir: options.dataDir, ...(options.linkBounds ? { bounds: options.linkBounds } : {}), now: () => now().getTime() }),
    }),
  }

  const close = await startInBackground(options, { hub, drafts, log, scheduler, reminders, syncScheduler, sync, history, authorWrites })

  return {
    ...finishedBeforeClose(createDispatch(handlers, log, options.actionBudgetMs === undefined ? {} : { budgetMs: options.actionBudgetMs }), close),
    subscribe: (listener) => events.subscribe(listener),
  }
}

/**
 * Calls under way finish before the core closes. When the app quits, the window's last save is
 * often still being written as the core closes, and the process ends right after: the save reaches
 * the disk and its history first. A call that comes once closing began is refused, never half done
 * (each call is bounded by its action budget, so closing cannot wait for ever).
 */
function finishedBeforeClose(dispatch: Dispatch, close: () => Promise<void>): Pick<Core, 'dispatch' | 'close'> {
  const running = new Set<Promise<unknown>>()
  let closing: Promise<void> | null = null
  return {
    dispatch: async (channel, input) => {
      if (closing) {
        return { ok: false, error: { code: 'storage_error', message: 'Grant Desk is closing, so this was not done. Open Grant Desk again and do it there.' } }
      }
      const call = dispatch(channel, input)
      running.add(call)
      try {
        return await call
      } finally {
        running.delete(call)
      }
    },
    close: () =>
      (closing ??= (async () => {
        while (running.size > 0) await Promise.allSettled([...running])
        await close()
      })()),
  }
}

interface Base {
  settings: SettingsService
  events: CoreEvents
  log: Logger
  now: () => Date
}

/**
 * The services over the drafts folder, in the order each needs the one before: the store, the
 * team sync (it reads the store), the history (it names who a sync brought a version from) and
 * the review (it asks the history whether a draft was saved here).
 */
function folderServices(options: CoreOptions, { settings, events, hub, env, log, now }: Base & { hub: CoreHub; env: Record<string, string | undefined> }) {
  // The drafts store publishes every change of a draft on the hub; who cares subscribes below.
  const drafts = new DraftStore({
    folder: () => settings.draftsFolder(),
    trashDir: join(options.dataDir, 'deleted-drafts'),
    now,
    log,
    onSaved: (event) => hub.emit('draft.changed', event),
    // The listing's port to the review side: each line's review brief.
    reviewBriefs: readReviewBrief,
  })
  const reviewerName = async () => (await settings.values()).reviewerName
  // The author records being written (reviews/follow.ts).
  const authorWrites = new PendingWork()
  const { sync, syncScheduler } = teamSync(options, { settings, drafts, events, authorWrites, reviewerName, env, log, now })
  // Earlier versions of each draft, in the app's data folder.
  const history = new DraftHistory({
    root: join(options.dataDir, 'history'),
    trashDir: join(options.dataDir, 'deleted-drafts'),
    drafts,
    savedBy: reviewerName,
    // A version a team sync pulled in names the teammate who made it.
    externalAuthor: (draft) => sync.authorOf(dirname(draft.path), draft.id, draft.version),
    now,
    log,
  })
  const reviews = new ReviewService({
    open: (id) => drafts.openForReview(id),
    reviewerName,
    signingKey: async () => (await settings.values()).signingKey,
    savedHere: async (id) => {
      const saved = await history.list(id).catch(() => null)
      return saved?.versions.some((version) => version.source !== 'external') ?? false
    },
    written: (subject) => hub.emit('reviews.written', subject),
    // The store's cache of record files: a review is read again only where it changed.
    records: drafts.recordCache,
    now,
  })
  return { drafts, reviewerName, authorWrites, sync, syncScheduler, history, reviews }
}

interface Running {
  hub: CoreHub
  drafts: DraftStore
  log: Logger
  scheduler: SavedSearchScheduler
  reminders: ReminderService
  syncScheduler: SyncScheduler
  sync: SyncService
  history: DraftHistory
  authorWrites: PendingWork
}

/**
 * Loads what the first calls need, starts the background work (at once, or once
 * `backgroundAfter` settles) and answers the core's `close`, which stops it in order.
 */
async function startInBackground(options: CoreOptions, { hub, drafts, log, scheduler, reminders, syncScheduler, sync, history, authorWrites }: Running) {
  // What `list` needs of the reminders (their record, no draft read) is there before any call.
  await reminders.load()
  let closed = false
  let stopWatching = () => {}
  const startBackground = async () => {
    if (closed) return
    stopWatching = await watchDrafts(hub, drafts, log)
    if (closed) return stopWatching()
    await scheduler.schedule()
    await reminders.startChecks()
    if (!closed) await syncScheduler.start()
  }
  let begun: Promise<void> | null = null
  const begin = () => (begun = startBackground().catch((error: unknown) => log.warn('the background work of the start failed', error)))
  if (options.backgroundAfter) void options.backgroundAfter.then(begin, begin)
  else await startBackground()

  return async () => {
    // Background work not begun yet never begins; begun, it is finished before the rest stops.
    closed = true
    await begun
    await scheduler.stop()
    await syncScheduler.stop()
    await sync.close()
    stopWatching()
    reminders.close()
    await reminders.idle()
    // Versions of the last saves are still being written: let them finish.
    await history.idle()
    await authorWrites.idle()
  }
}

/** The grants, the saved searches and their background check. */
function grantServices(options: CoreOptions, { settings, client, events, log, now }: Base & { client: ServiceClient }) {
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
  return { grants, savedSearches, scheduler }
}

/** Team sync through git (src/main/core/sync): the drafts folder's repository, with the system's git, and its timer. */
function teamSync(
  options: CoreOptions,
  {
    settings,
    drafts,
    events,
    authorWrites,
    reviewerName,
    env,
    log,
    now,
  }: Base & {
    drafts: DraftStore
    authorWrites: PendingWork
    reviewerName: () => Promise<string>
    env: Record<string, string | undefined>
  },
) {
  const sync = new SyncService({
    folder: () => settings.draftsFolder(),
    env,
    reviewerName: async () => (await reviewerName()) || null,
    memoryFile: join(options.dataDir, 'team-sync.json'),
    appDataDir: options.dataDir,
    saveDraft: (args) => drafts.save({ ...args, intent: 'explicit' }),
    // Author records of saves made before the sync go into its commit.
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
  return { sync, syncScheduler }
}

/** The service client, telling the views when it waits and whether the service answers. */
function connectedClient(options: CoreOptions, settings: SettingsService, events: CoreEvents, log: Logger) {
  let online: boolean | null = null
  return createServiceClient({
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
}
