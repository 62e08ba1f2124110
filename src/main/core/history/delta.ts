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

/**
 * `base` with the patch applied, when every hunk's text is exactly where the patch says: true of
 * every delta applied to the version it was made from, which is how versions are rebuilt. One
 * pass over `base`, where diff-match-patch pads, copies and searches the whole text per hunk
 * (about a tenth of the time on a 100 KB pitch). Null when a hunk is not found exactly, or the
 * patch does not read: the caller then uses `applyDelta`, which tolerates a base that moved.
 */
export function applyDeltaExact(base: string, patch: string): string | null {
  // The package's types call each patch `typeof patch_obj` (the class), but they are its instances.
  let patches: DiffMatchPatch.patch_obj[]
  try {
    patches = dmp.patch_fromText(patch) as unknown as DiffMatchPatch.patch_obj[]
  } catch {
    return null
  }
  const parts: string[] = []
  let from = 0 // where the text not yet copied starts, in `base`
  let shift = 0 // how much longer the hunks applied so far made the text
  for (const hunk of patches) {
    let source = ''
    let target = ''
    for (const [op, text] of hunk.diffs) {
      if (op !== DiffMatchPatch.DIFF_INSERT) source += text
      if (op !== DiffMatchPatch.DIFF_DELETE) target += text
    }
    // A hunk's position is in the text with the hunks before it applied (diff-match-patch's `start2`).
    const at = (hunk.start2 ?? Number.NaN) - shift
    if (!(at >= from) || base.startsWith(source, at) === false) return null
    parts.push(base.slice(from, at), target)
    from = at + source.length
    shift += target.length - source.length
  }
  parts.push(base.slice(from))
  return parts.join('')
}
