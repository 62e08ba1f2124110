/**
 * The names of the review's files (records.ts and policy.ts say what is in them), apart from
 * their YAML reading: a team sync classifies the paths it commits by these alone, and loading
 * the YAML parser for that was a good part of a `grant-desk sync` with nothing to do (issue 34).
 */
import { z } from 'zod'

/** `20261123T110545123Z-3fa9c2d1`: time of creation (so names sort by age) and a random part. */
export const RECORD_ID_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/
/** Records from a `grant-desk-draft/1` file's `reviews:` list get ids derived from their content. */
export const LEGACY_ID_PATTERN = /^v1-[0-9a-f]{12}$/
export const RecordId = z.string({ error: 'must be text' }).refine((value) => RECORD_ID_PATTERN.test(value) || LEGACY_ID_PATTERN.test(value), {
  error: 'must be a review record id like 20261123T110545123Z-3fa9c2d1',
})
export type RecordId = z.infer<typeof RecordId>

export const RECORD_FILE_PATTERN = /^(?:\d{8}T\d{9}Z-[0-9a-f]{8}|v1-[0-9a-f]{12})\.yaml$/

/** The team's review policy file (policy.ts). */
export const POLICY_FILE_NAME = '.grant-desk.yaml'
