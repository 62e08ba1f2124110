/**
 * The trash folder: a deleted draft is moved there under its id and the time of the delete,
 * never erased; across disks it is copied first and the original removed only once the copy
 * exists (a link is moved as a link).
 */
import { constants } from 'node:fs'
import { copyFile, mkdir, readlink, rename, symlink, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { errorCode, exists, storageFailure } from './fs'

export async function moveToTrash(trash: { dir: string; now: () => Date }, path: string, id: string, isLink: boolean): Promise<string> {
  try {
    await mkdir(trash.dir, { recursive: true })
  } catch (error) {
    throw storageFailure('create the trash folder', trash.dir, error)
  }
  const stamp = trash.now().toISOString().replace(/[:.]/g, '-')
  let target = join(trash.dir, `${id}-${stamp}.md`)
  for (let n = 2; await exists(target); n++) target = join(trash.dir, `${id}-${stamp}-${n}.md`)
  try {
    await rename(path, target)
  } catch (error) {
    if (errorCode(error) !== 'EXDEV') throw storageFailure('move the draft to the trash folder', `${path} → ${target}`, error)
    // The trash is on another disk: copy, then remove the original only once the copy exists.
    try {
      if (isLink) await symlink(await readlink(path), target)
      else await copyFile(path, target, constants.COPYFILE_EXCL)
      await unlink(path)
    } catch (copyError) {
      throw storageFailure('move the draft to the trash folder', `${path} → ${target}`, copyError)
    }
  }
  return target
}
