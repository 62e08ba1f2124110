/**
 * A draft's id and version: the contract's (re-exported by drafts.ts), apart from the draft's own
 * schemas (its front matter, its review), so that the team sync, which classifies paths by draft
 * id, loads neither those nor their YAML reading (issue 34).
 */
import { z } from 'zod'

/** A draft's id is its file name without `.md`: a slug, so it can never name a path. */
export const DraftId = z.string({ error: 'must be text' }).regex(/^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/, {
  error: 'must be a draft id: lowercase letters, digits and dashes',
})
export type DraftId = z.infer<typeof DraftId>

/** Opaque version of a draft file (a hash of its bytes); a save names the one it started from. */
export const DraftVersion = z.string({ error: 'must be text' }).regex(/^[a-f0-9]{64}$/, {
  error: 'must be a draft version as returned by drafts.get',
})
