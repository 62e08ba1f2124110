/**
 * The deltas between versions of a pitch: diff-match-patch patches as text. A save usually
 * changes a few words of a long pitch, so its patch is a few hundred bytes where a copy is the
 * whole pitch. A patch is only used when applying it to its base gives back exactly the target
 * (diff-match-patch splits surrogate pairs on some emoji edits, and `patch_toText` then throws
 * or encodes something that does not read back): otherwise the caller keeps a full copy.
 */
import DiffMatchPatch from 'diff-match-patch'

const dmp = new DiffMatchPatch()
// Seconds. The diff of two long, very different versions stops here and is less minimal, never wrong.
dmp.Diff_Timeout = 0.5

/** The patch text from `base` to `target`, or null when a full copy must be kept instead. */
export function makeDelta(base: string, target: string): string | null {
  try {
    const text = dmp.patch_toText(dmp.patch_make(base, target))
    return applyDelta(base, text) === target ? text : null
  } catch {
    return null
  }
}

/** `base` with the patch applied, or null when any part of it does not apply. */
export function applyDelta(base: string, patch: string): string | null {
  try {
    const [text, applied] = dmp.patch_apply(dmp.patch_fromText(patch), base)
    return applied.every(Boolean) ? text : null
  } catch {
    return null
  }
}
