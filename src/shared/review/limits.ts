/**
 * How long review texts may be. Kept apart from records.ts (which needs the YAML library) so
 * the renderer can check a selection or a comment before sending it without bundling YAML.
 */
export const MAX_COMMENT_CHARS = 10_000
export const MAX_NOTE_CHARS = 10_000
/** A quote is a selection of the pitch; anything longer is a whole-draft comment. */
export const MAX_QUOTE_CHARS = 5_000
