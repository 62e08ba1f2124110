/** The history on the core's hub (hub.ts): it keeps a version of every change of a draft, made here or seen on disk. */
import type { CoreHub } from '../hub'
import type { DraftHistory } from './index'

export function keepHistory(hub: CoreHub, history: Pick<DraftHistory, 'record'>): void {
  hub.on('draft.changed', (event) => history.record(event))
}
