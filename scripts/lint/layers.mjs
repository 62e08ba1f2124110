/**
 * The renderer's layers, lowest first, as docs/architecture.md draws them. A file may import
 * its own layer and the layers below; `features/<name>` may use another feature only through
 * that feature's public file, `features/<name>/index.ts`.
 *
 * One table for the lint rules (eslint.config.js) and the graph report (`npm run graph`).
 */
import path from 'node:path'

export const RENDERER_LAYERS = [
  { name: 'shared', rank: 0, rule: 'the contract and pure logic shared with main: no Node, no DOM' },
  { name: 'lib', rank: 1, rule: 'the bridge to the core and small browser helpers: no state, no React components' },
  { name: 'state', rank: 2, rule: 'every store, by area (state/<area>/ mirrors features/<area>/); another area only through its index.ts' },
  { name: 'components', rank: 3, rule: 'UI pieces shared by features (dialogs, notices, spinners)' },
  { name: 'features', rank: 4, rule: 'screens and panels; another feature only through its index.ts' },
  { name: 'app', rank: 5, rule: 'the shell: App.tsx and main.tsx compose the features' },
]

/**
 * `{layer, feature}` of a file of the renderer or of `src/shared`, or null for any other file.
 * `feature` names the folder of a feature (`features/<feature>/`) or of a state area (`state/<feature>/`).
 */
export function rendererPlace(root, file) {
  const relative = path.relative(path.join(root, 'src'), file).split(path.sep)
  if (relative[0] === 'shared') return { layer: 'shared', feature: null }
  if (relative[0] !== 'renderer' || relative[1] !== 'src') return null
  const [top, second] = relative.slice(2)
  if (top === 'features') return { layer: 'features', feature: second ?? null }
  if (top === 'state') return { layer: 'state', feature: second?.includes('.') ? null : (second ?? null) }
  if (top === 'lib' || top === 'components') return { layer: top, feature: null }
  return { layer: 'app', feature: null }
}

export function rankOf(layer) {
  return RENDERER_LAYERS.find((one) => one.name === layer).rank
}

/** The file a feature (`layer` 'features') or a state area ('state') offers to the others. */
export function isFeaturePublicFile(root, file, layer = 'features') {
  const relative = path.relative(path.join(root, 'src/renderer/src', layer), file).split(path.sep)
  return relative.length === 2 && /^index\.tsx?$/.test(relative[1])
}

/**
 * The parts of `src/shared`, lowest first, and the parts each may use. Code outside a part
 * imports it only through its door, `src/shared/<part>/index.ts`; inside `src/shared`, a part
 * imports another's door only if the table lists it, so no two parts import each other round.
 */
export const SHARED_PARTS = [
  { name: 'text', uses: [], holds: 'counts, sizes, dates and times in words, reminder times, deadlines, conflict markers, YAML bounds' },
  { name: 'markdown', uses: [], holds: 'HTML to Markdown (paste, import) and the safety rules for server Markdown' },
  { name: 'api', uses: ['text'], holds: "the grant service's resources (zod), timestamps, field values, grant search, service addresses" },
  { name: 'draft-file', uses: ['api', 'text'], holds: 'the draft file: Markdown with YAML front matter' },
  { name: 'review', uses: ['api', 'text'], holds: 'review records, policy, views, the gate, quote anchoring' },
  { name: 'history', uses: ['text'], holds: "draft history's sections, summaries and word diff" },
  { name: 'ipc', uses: ['api', 'text', 'draft-file', 'review'], holds: "the IPC contract: channels, events, their schemas and names, the hosts' CSP" },
  { name: 'checklist', uses: ['api', 'text', 'draft-file', 'review', 'ipc'], holds: 'the checklist linter, its rules and score' },
]

/** `{part, door}` of a file under `src/shared` (door: it is the part's index.ts), or null for any other file. */
export function sharedPlace(root, file) {
  const relative = path.relative(path.join(root, 'src/shared'), file).split(path.sep)
  if (relative[0] === '..' || relative.length < 2) return relative.length === 1 && relative[0] !== '..' ? { part: null, door: false } : null
  return { part: relative[0], door: relative.length === 2 && relative[1] === 'index.ts' }
}

/** `features/<name>` or `state/<name>`: the folder a file of the renderer belongs to, for folder-level circles. */
export function rendererFolder(root, file) {
  const place = rendererPlace(root, file)
  if (place === null || place.layer === 'shared') return null
  return place.feature ? `${place.layer}/${place.feature}` : place.layer
}

/**
 * The core's storage layer and the services that stand on it (docs/architecture.md): `folder`
 * (core/folder/) is the only part that touches the drafts folder's files, entered through its
 * door (index.ts); `drafts` and `reviews` use it and never each other. eslint.config.js says the
 * same as `boundaries/dependencies` policies; `npm run graph` counts the imports that break it.
 */
export const CORE_PARTS = [
  { name: 'folder', uses: [], holds: "the drafts folder's files: draft files, review record files, the policy file, locks, the watch" },
  { name: 'drafts', uses: ['folder'], holds: 'the drafts store, its listing (review briefs through a port), marks, its channels' },
  { name: 'reviews', uses: ['folder'], holds: "team review: records, verdicts and their checks, signing, the records' git history, its channels" },
]

/**
 * `{part, area, door}` of a file of `src/main/core` (`part`: one of CORE_PARTS, else null;
 * `area`: its first folder, or its own name for a file straight in the core; `door`: it is
 * the area's index.ts), or null for any other file.
 */
export function corePlace(root, file) {
  const relative = path.relative(path.join(root, 'src/main/core'), file).split(path.sep)
  if (relative[0] === '..') return null
  const area = relative[0]
  const part = relative.length > 1 && CORE_PARTS.some((one) => one.name === relative[0]) ? relative[0] : null
  return { part, area, door: relative.length === 2 && relative[1] === 'index.ts' }
}
