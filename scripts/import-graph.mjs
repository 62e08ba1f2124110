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
 * - zustand outside state/.
 *
 * `--list` prints every offending import too. Exits 0: it measures; `npm run lint` enforces.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cycles, groupGraph, importGraph } from './lint/import-graph.mjs'
import { isFeaturePublicFile, rankOf, rendererFolder, rendererPlace } from './lint/layers.mjs'

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
]
const width = Math.max(...rows.map(([name]) => name.length))
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`)

if (list) {
  const section = (title, lines) => lines.length > 0 && console.log(`\n${title}\n${lines.map((line) => `  ${line}`).join('\n')}`)
  section(
    'File-level circles:',
    fileCycles.map((one) => one.map(show).join(' ↔ ')),
  )
  section(
    'Folder-level circles:',
    folderCycles.map((one) => one.join(' ↔ ')),
  )
  section(
    'Upward imports:',
    upward.map(([from, to]) => `${show(from)} → ${show(to)}`),
  )
  section(
    "Imports of another feature's internals:",
    sideDoors.map(([from, to]) => `${show(from)} → ${show(to)}`),
  )
  section(
    "Imports of another state area's internals:",
    stateSideDoors.map(([from, to]) => `${show(from)} → ${show(to)}`),
  )
  section('zustand outside state/:', zustand.map(show))
  section(
    'Circles in src/:',
    wholeCycles.map((one) => one.map(show).join(' ↔ ')),
  )
}
