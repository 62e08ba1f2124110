/**
 * What a notification of new grants says, the same in the desktop app (Electron's
 * `Notification`, from the main process) and in the browser host (a web notification).
 */
import type { IpcEventPayload } from './contract'
import { count, plural } from '../text'

export function newGrantsNotice(found: Pick<IpcEventPayload<'savedSearches.found'>, 'name' | 'count' | 'titles'>): { title: string; body: string } {
  const grants = plural(found.count, 'new grant')
  const more = found.count > found.titles.length ? `, and ${count(found.count - found.titles.length)} more` : ''
  return { title: `${grants} in “${found.name}”`, body: `${found.titles.join(', ')}${more}` }
}
