/** The core's events to the renderer, typed by the contract. */
import type { IpcEvent, IpcEventPayload } from '../../shared/ipc'

export type EventListener = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => void

export class CoreEvents {
  readonly #listeners = new Set<EventListener>()

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void {
    for (const listener of this.#listeners) {
      try {
        listener(event, payload)
      } catch {
        // One broken listener (a closed window, a dropped stream) must not stop the others.
      }
    }
  }
}
