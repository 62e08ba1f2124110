/**
 * The drafts folder itself: made when missing (the settings may name a folder not created yet,
 * or a fresh clone may not have it), and told apart from a folder deleted and made again under
 * the same name by its identity (device and inode), which is what the watch follows.
 */
import { mkdir, stat } from 'node:fs/promises'
import type { FolderIdentity } from './watcher'

/** Makes `folder` if it is missing and answers which folder on disk it is; throws the file system's error (ENOTDIR for a file). */
export async function openDraftsFolder(folder: string): Promise<FolderIdentity> {
  await mkdir(folder, { recursive: true })
  const info = await stat(folder)
  if (!info.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
  return { dev: info.dev, ino: info.ino }
}
