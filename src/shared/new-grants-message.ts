/**
 * What a notification of new grants says, the same in the desktop app (Electron's
 * `Notification`, from the main process) and in the browser host (a web notification).
 */
import type { IpcEventPayload } from './ipc'

export function newGrantsNotice(found: Pick<IpcEventPayload<'savedSearches.found'>, 'name' | 'count' | 'titles'>): { title: string; body: string } {
  const grants = `${found.count.toLocaleString('en-US')} new grant${found.count === 1 ? '' : 's'}`
  const more = found.count > found.titles.length ? `, and ${(found.count - found.titles.length).toLocaleString('en-US')} more` : ''
  return { title: `${grants} in “${found.name}”`, body: `${found.titles.join(', ')}${more}` }
}
