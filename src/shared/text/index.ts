/**
 * Text: how Grant Desk writes counts, sizes, dates, spans of time and reminder times, when a
 * deadline counts as close, the names of the app's screens, and what a text holds before it is
 * parsed (git conflict markers, a YAML text's size and depth). The lowest part of src/shared: it
 * imports no other part.
 */
export * from './conflict-markers'
export * from './dates'
export * from './deadline'
export * from './plain-yaml'
export * from './reminder-times'
export * from './screens'
export * from './wording'
export * from './yaml-bounds'
