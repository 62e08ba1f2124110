/**
 * The core's own event hub: how its services hear of each other's changes without holding one
 * another. A service publishes what happened (a draft saved, review records written, drafts
 * changed on disk, the settings changed); the modules that care subscribe in their own files
 * (`*\/follow.ts`): the history keeps a version, the author records note who wrote it, the team
 * sync counts a change to send, the reminders look again, the views are told (`CoreEvents`).
 * So `createCore` builds each service once, in order, with no late-bound closure between them.
 *
 * The hub also carries the invalidation of the views: every change of a source (a draft, its
 * records, the review policy, the allowed signers) ends in `drafts.changed`, which the core
 * forwards to every window and tab.
 */
import type { GrantsListOutput, SavedSearchFilters, SettingsView } from '../../shared/ipc'
import type { DraftSavedEvent, ReviewSubject } from './folder'
import type { Logger } from './errors'

export interface HubEvents {
  /** The drafts store changed a draft itself (created, saved, submitted, deleted) or its watcher read one changed elsewhere (`external`). */
  'draft.changed': DraftSavedEvent
  /** The review service wrote records of a draft (awaited: the store notes them before the call answers). */
  'reviews.written': ReviewSubject
  /**
   * Drafts whose view is no longer current, by id: changed on disk by anything but the store, or
   * whose brief depends on a source that changed (the review policy, the allowed signers).
   */
  'drafts.stale': { ids: string[] }
  /** The settings were changed: what they were and are (awaited: timers and the watch move before the call answers). */
  'settings.changed': { before: SettingsView; after: SettingsView }
  /** A list of grants was read (awaited: the saved searches compare it before the list answers). */
  'grants.listed': { filter: Pick<SavedSearchFilters, 'status' | 'type'>; list: GrantsListOutput }
  /** A grant's page was opened (awaited). */
  'grant.opened': { id: string }
}

export type HubEvent = keyof HubEvents
export type HubListener<E extends HubEvent> = (payload: HubEvents[E]) => void | Promise<unknown>

export class CoreHub {
  readonly #listeners = new Map<HubEvent, Set<HubListener<never>>>()
  readonly #log: Logger

  constructor(log: Logger) {
    this.#log = log
  }

  /** Calls `listener` on each `event`, in the order subscribed; returns the function that stops it. */
  on<E extends HubEvent>(event: E, listener: HubListener<E>): () => void {
    let set = this.#listeners.get(event)
    if (!set) this.#listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => set.delete(listener)
  }

  /**
   * Tells every listener, synchronously and in order; each runs whatever another threw. The
   * promise settles when all the listeners' work has: it rejects with the first failure (a
   * publisher that awaits it fails as a direct call would), else resolves.
   */
  emit<E extends HubEvent>(event: E, payload: HubEvents[E]): Promise<void> {
    const pending: Promise<unknown>[] = []
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        const done = (listener as HubListener<E>)(payload)
        if (done) pending.push(done)
      } catch (error) {
        pending.push(Promise.reject(error instanceof Error ? error : new Error(String(error))))
      }
    }
    if (pending.length === 0) return Promise.resolve()
    return Promise.allSettled(pending).then((settled) => {
      const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
      if (failed) throw failed.reason
    })
  }

  /** `emit` for a publisher that does not wait: a failure is logged, never thrown. */
  tell<E extends HubEvent>(event: E, payload: HubEvents[E]): void {
    this.emit(event, payload).catch((error: unknown) => this.#log.warn(`a listener of ${event} failed`, error))
  }
}
