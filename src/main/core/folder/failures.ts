/**
 * The failures the store answers a by-id operation with when the draft or the request is not
 * as expected: the draft left the folder, it changed on disk since the applicant opened it, or
 * the pitch cannot be saved as given.
 */
import type { DraftFrontMatter } from '../../../shared/draft-file'
import { conflictMarkerLine } from '../../../shared/text'
import { PITCH_MAX_CHARS } from '../../../shared/ipc'
import { AppFailure } from '../errors'

export function notFound(folder: string): AppFailure {
  return new AppFailure('not_found', `This draft is no longer in ${folder} — it may have been moved or deleted outside Grant Desk.`)
}

export function conflict(currentVersion: string): AppFailure {
  return new AppFailure(
    'conflict',
    'Someone or something else (another editor, a git pull, a sync tool) changed this draft on disk since you opened it, so your text was not saved over it. Choose whether to reload their version or keep yours as a copy.',
    { currentVersion },
  )
}

export function checkPitch(pitch: string): void {
  if (pitch.length > PITCH_MAX_CHARS) {
    throw new AppFailure('invalid_input', 'The pitch is too long to save.', {
      fields: { pitch: `must be at most ${PITCH_MAX_CHARS.toLocaleString('en-US')} characters` },
    })
  }
  const line = conflictMarkerLine(pitch)
  if (line !== null) {
    // Saved as is, the file would read back as a merge-conflicted (damaged) draft.
    throw new AppFailure(
      'invalid_input',
      `The pitch contains git merge-conflict markers (<<<<<<<, =======, >>>>>>>) at line ${line}. Remove them, then save again.`,
      {
        fields: { pitch: 'contains git merge-conflict markers' },
      },
    )
  }
}

/** A submitted draft is read-only: a save over it is refused with what to do instead. */
export function refuseSubmitted(fm: DraftFrontMatter): void {
  if (fm.status !== 'submitted') return
  throw new AppFailure(
    'invalid_input',
    `This draft was submitted${fm.application_id ? ` (application ${fm.application_id})` : ''} and is now read-only, so your changes were not saved. To write a new version, duplicate it and edit the copy.`,
    { fields: { draft: 'was submitted and is read-only; duplicate it to write a new version' } },
  )
}
