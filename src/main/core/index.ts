/**
 * The core's public API for tools that work on the drafts folder's files without a running app:
 * the CLI (`grant-desk review`, `export`, `sync`) uses the core only through this module and the
 * ones it gathers (public/*.ts), which the lint rules enforce, so the core's inside can be
 * rearranged without breaking it. Each command imports the one of public/ it needs, so it loads
 * only that part of the core (the CLI's start-up, issue 34).
 *
 * What the app itself runs (`createCore`, its settings and secret stores) is not here: the
 * Electron shell and the browser host start the whole core, the CLI never does (and its bundle
 * must not carry the core's services).
 */
export * from './public/drafts'
export * from './public/export'
export * from './public/sync'
export * from './public/links'
export { loadImporter, MAX_IMPORT_BYTES, UNKNOWN_KIND, importKind, tooLarge } from './public/import'
