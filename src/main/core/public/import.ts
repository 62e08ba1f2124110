/**
 * The core's public API for `grant-desk import`: the size and kind checks, made before anything
 * heavy loads, and the importer itself, loaded when it is used (mammoth and the HTML parser stay
 * out of the other commands' start-up).
 */
export const loadImporter = () => import('../import')
export { MAX_IMPORT_BYTES, UNKNOWN_KIND, importKind, tooLarge } from '../import/limits'
export { NOT_A_FILE, readRegularFile } from '../folder/fs'
