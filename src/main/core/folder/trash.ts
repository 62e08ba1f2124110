/**
 * The trash folder: a deleted draft is moved there under its id and the time of the delete,
 * never erased; across disks it is copied first and the original removed only once the copy
 * exists (a link is moved as a link).
 */
import { constants } from 'node:fs'
import { copyFile, cp, lstat, mkdir, readlink, rename, rm, symlink, unlink } from 'node:fs/promises'
import { basename, join } from 'node:path'
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

/**
 * A deleted draft's review folder follows it into the trash, named like the draft there
 * (`<id>-<time>.reviews`). A draft nobody reviewed has none; a link is moved as a link.
 */
export async function moveReviewsToTrash(trash: { dir: string }, reviews: string, trashedDraft: string): Promise<void> {
  try {
    await lstat(reviews)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return
    throw storageFailure('move the review records to the trash folder', reviews, error)
  }
  const target = join(trash.dir, `${basename(trashedDraft, '.md')}.reviews`)
  try {
    await rename(reviews, target)
  } catch (error) {
    if (errorCode(error) !== 'EXDEV') throw storageFailure('move the review records to the trash folder', `${reviews} → ${target}`, error)
    try {
      await cp(reviews, target, { recursive: true, errorOnExist: true, force: false, verbatimSymlinks: true })
      await rm(reviews, { recursive: true })
    } catch (copyError) {
      throw storageFailure('move the review records to the trash folder', `${reviews} → ${target}`, copyError)
    }
  }
}
