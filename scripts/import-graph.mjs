#!/usr/bin/env node
/**
 * `npm run graph`: the renderer's import graph in numbers, the before/after table of
 * docs/architecture.md. Counts every import, type-only ones included.
 *
 * - import circles: groups of files that import each other round (file level), and groups of
 *   folders (each feature, lib, state, components, the app shell) that do;
 * - upward imports: a file importing a layer above its own (scripts/lint/layers.mjs);
 * - side doors: a feature importing another feature's file other than its index.ts, and a file
 *   importing a state area's file other than its index.ts (from outside the area and its feature);
 * - zustand outside state/;
 * - src/shared's parts (scripts/lint/layers.mjs, SHARED_PARTS): imports of a part the table does
 *   not let the importer use, imports of a part past its door (index.ts) from outside the part,
 *   and import circles between its files and between its parts;
 * - the core (scripts/lint/layers.mjs, CORE_PARTS): imports of core/folder/ past its door
 *   (index.ts) from the rest of the core but the CLI's public API (public/*.ts), imports between
 *   the storage layer and the services the table does not list (folder → a service, drafts ↔
 *   reviews), and import circles between the core's files and between its folders.
 *
 * `--list` prints every offending import too. Exits 0: it measures; `npm run lint` enforces.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cycles, groupGraph, importGraph } from './lint/import-graph.mjs'
import { CORE_PARTS, SHARED_PARTS, corePlace, isFeaturePublicFile, rankOf, rendererFolder, rendererPlace, sharedPlace } from './lint/layers.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const list = process.argv.includes('--list')
const show = (file) => path.relative(root, file)

const whole = importGraph(root)
const renderer = new Map([...whole].filter(([file]) => rendererPlace(root, file)?.layer !== undefined && rendererPlace(root, file).layer !== 'shared'))
const edges = [...renderer].flatMap(([from, targets]) => [...targets].map((to) => [from, to]))

const fileCycles = cycles(renderer)
const folderCycles = cycles(groupGraph(renderer, (file) => rendererFolder(root, file)))

const upward = edges.filter(([from, to]) => {
  const a = rendererPlace(root, from)
  const b = rendererPlace(root, to)
  return b !== null && rankOf(b.layer) > rankOf(a.layer)
})
const sideDoors = edges.filter(([from, to]) => {
  const a = rendererPlace(root, from)
  const b = rendererPlace(root, to)
  return b?.layer === 'features' && a.layer === 'features' && a.feature !== b.feature && !isFeaturePublicFile(root, to)
})
const stateSideDoors = edges.filter(([from, to]) => {
  const a = rendererPlace(root, from)
  const b = rendererPlace(root, to)
  return b?.layer === 'state' && b.feature !== null && a.feature !== b.feature && !isFeaturePublicFile(root, to, 'state')
})
const zustand = [...renderer.keys()].filter(
  (file) => rendererPlace(root, file).layer !== 'state' && /from ['"]zustand(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8')),
)
const wholeCycles = cycles(whole)

// src/shared: every import into it, from inside (part to part) and from the rest of src/.
const intoShared = [...whole].flatMap(([from, targets]) => [...targets].filter((to) => sharedPlace(root, to) !== null).map((to) => [from, to]))
const usesOf = new Map(SHARED_PARTS.map((part) => [part.name, part.uses]))
const sharedUpward = intoShared.filter(([from, to]) => {
  const a = sharedPlace(root, from)
  const b = sharedPlace(root, to)
  return a !== null && a.part !== b.part && !(usesOf.get(a.part) ?? []).includes(b.part)
})
const pastDoors = intoShared.filter(([from, to]) => sharedPlace(root, from)?.part !== sharedPlace(root, to).part && !sharedPlace(root, to).door)
const shared = new Map([...whole].filter(([file]) => sharedPlace(root, file) !== null))
const sharedFileCycles = cycles(shared)
const sharedPartCycles = cycles(groupGraph(shared, (file) => sharedPlace(root, file).part))

// src/main/core: the storage layer's door, the parts' table, and circles.
const core = new Map([...whole].filter(([file]) => corePlace(root, file) !== null))
const coreEdges = [...core].flatMap(([from, targets]) => [...targets].filter((to) => corePlace(root, to) !== null).map((to) => [from, to]))
const coreUses = new Map(CORE_PARTS.map((part) => [part.name, part.uses]))
const folderPastDoor = coreEdges.filter(([from, to]) => {
  const a = corePlace(root, from)
  const b = corePlace(root, to)
  return b.part === 'folder' && !b.door && a.part !== 'folder' && a.area !== 'public'
})
const coreAgainstTable = coreEdges.filter(([from, to]) => {
  const a = corePlace(root, from)
  const b = corePlace(root, to)
  return a.part !== null && b.part !== null && a.part !== b.part && !coreUses.get(a.part).includes(b.part)
})
const coreFileCycles = cycles(core)
const coreAreaCycles = cycles(groupGraph(core, (file) => corePlace(root, file)?.area ?? null))

const rows = [
  ['renderer files', renderer.size],
  ['renderer imports (file to file)', edges.length],
  ['import circles, file level', `${fileCycles.length} (${fileCycles.reduce((sum, one) => sum + one.length, 0)} files)`],
  ['import circles, folder level', `${folderCycles.length} (${folderCycles.map((one) => one.length).join(' + ') || 0} folders)`],
  ['upward imports (to a higher layer)', upward.length],
  ["imports of another feature's internals", sideDoors.length],
  ["imports of another state area's internals", stateSideDoors.length],
  ['files outside state/ importing zustand', zustand.length],
  ['import circles in all of src/', `${wholeCycles.length} (${wholeCycles.reduce((sum, one) => sum + one.length, 0)} files)`],
  ['src/shared files', `${shared.size} (${SHARED_PARTS.length} parts)`],
  ['src/shared part-to-part imports against the table', sharedUpward.length],
  ["imports of a shared part's inner files from outside it", pastDoors.length],
  ['import circles in src/shared, file level', sharedFileCycles.length],
  ['import circles in src/shared, part level', `${sharedPartCycles.length} (${sharedPartCycles.map((one) => one.join(' ↔ ')).join('; ') || 'none'})`],
  ['src/main/core files', core.size],
  ["imports of core/folder/'s inner files from the rest of the core", folderPastDoor.length],
  ['core imports against the storage table (folder → a service, drafts ↔ reviews)', coreAgainstTable.length],
  ['import circles in src/main/core, file level', coreFileCycles.length],
  ['import circles in src/main/core, folder level', `${coreAreaCycles.length} (${coreAreaCycles.map((one) => one.join(' ↔ ')).join('; ') || 'none'})`],
]
const width = Math.max(...rows.map(([name]) => name.length))
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`)

if (list) {
  const edges = (pairs) => pairs.map(([from, to]) => `${show(from)} → ${show(to)}`)
  const section = (title, lines) => lines.length > 0 && console.log(`\n${title}\n${lines.map((line) => `  ${line}`).join('\n')}`)
  section(
    'File-level circles:',
    fileCycles.map((one) => one.map(show).join(' ↔ ')),
  )
  section(
    'Folder-level circles:',
    folderCycles.map((one) => one.join(' ↔ ')),
  )
  section('Upward imports:', edges(upward))
  section("Imports of another feature's internals:", edges(sideDoors))
  section("Imports of another state area's internals:", edges(stateSideDoors))
  section('zustand outside state/:', zustand.map(show))
  section('src/shared imports against the parts table:', edges(sharedUpward))
  section("Imports of a shared part's inner files:", edges(pastDoors))
  section("Imports of core/folder/'s inner files:", edges(folderPastDoor))
  section('Core imports against the storage table:', edges(coreAgainstTable))
  section(
    'Circles in src/main/core, folder level:',
    coreAreaCycles.map((one) => one.join(' ↔ ')),
  )
  section(
    'Circles in src/:',
    wholeCycles.map((one) => one.map(show).join(' ↔ ')),
  )
}
