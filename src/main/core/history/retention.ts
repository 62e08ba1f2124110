/**
 * How long a draft's versions are kept: the bounds, and which versions a trim keeps. A pure
 * decision on the versions' metadata; store.ts carries it out (re-keyframing a kept delta whose
 * base goes, then deleting).
 */
import type { SnapshotMeta } from './format'

export interface HistoryLimits {
  /** Versions kept per draft, at most (the newest and the sent one are always kept). */
  maxVersions: number
  /** Versions older than this are removed (the newest and the sent one are always kept). */
  maxAgeMs: number
  /** An autosave this soon after the start of the previous autosave's minute replaces it. */
  coalesceMs: number
  /** A full copy at least every this many versions; the others are deltas. */
  keyframeEvery: number
}

export const DEFAULT_LIMITS: HistoryLimits = {
  maxVersions: 200,
  maxAgeMs: 90 * 86_400_000,
  coalesceMs: 60_000,
  keyframeEvery: 20,
}

/**
 * The ids of the versions to keep, of `list` (oldest first): the newest and the sent one always;
 * of the rest, those younger than `maxAgeMs`, then the oldest dropped until `maxVersions` remain.
 */
export function versionsToKeep(list: readonly SnapshotMeta[], limits: HistoryLimits, now: number): Set<string> {
  const newest = list.at(-1)
  if (!newest) return new Set()
  const always = new Set(list.filter((meta) => meta === newest || meta.sent).map((meta) => meta.id))
  const cutoff = now - limits.maxAgeMs
  const keep = new Set(list.filter((meta) => always.has(meta.id) || Date.parse(meta.time) >= cutoff).map((meta) => meta.id))
  for (const meta of list) {
    if (keep.size <= limits.maxVersions) break
    if (!always.has(meta.id)) keep.delete(meta.id)
  }
  return keep
}
