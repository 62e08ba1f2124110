/**
 * A sponsor's avatar on a grant's row: its initials and one of six tints. Shared by the app's
 * list (src/renderer/src/features/grants/GrantList.tsx) and the rows the browser host paints
 * from the saved list before the app's script has run (src/host/first-paint.ts), which must look
 * the same.
 */

/** A sponsor's initials for its avatar: the first letters of its first two words ("Acme Foundation" → "AF"). */
export function sponsorInitials(sponsor: string): string {
  const words = sponsor
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
  if (words.length === 0) return '?'
  const letters = words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0]!, [...words[1]!][0]!]
  return letters.join('').toUpperCase()
}

/** One of the six avatar tints, the same for a sponsor every time (a hash of its name). */
export function avatarTint(sponsor: string): number {
  let hash = 0
  for (const char of sponsor.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0
  return hash % 6
}
