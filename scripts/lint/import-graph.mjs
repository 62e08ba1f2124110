/**
 * The project's import graph, read the way TypeScript resolves it: every `import`, `export …
 * from` and `import()` of every source file under `src/`, type-only imports included (a type
 * that runs back up a layer ties the layers together as much as a value does).
 *
 * Used by the lint rule `local/no-import-cycle` (eslint.config.js) and by
 * `npm run graph` (scripts/import-graph.mjs), which prints the counts docs/architecture.md
 * quotes. Plain JavaScript so that ESLint loads it without a TypeScript loader.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts)$/
const OPTIONS = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowImportingTsExtensions: true, jsx: ts.JsxEmit.ReactJSX }

function sourceFiles(dir) {
  const files = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full))
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(full)
  }
  return files
}

/**
 * The graph of every source file under `root/src`: file → the project files it imports
 * (absolute paths; imports of packages are left out).
 */
export function importGraph(root) {
  const src = path.join(root, 'src')
  const graph = new Map()
  for (const file of sourceFiles(src)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = new Set()
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName
      if (resolved && resolved.startsWith(src) && !resolved.endsWith('.d.ts')) targets.add(path.resolve(resolved))
    }
    graph.set(path.resolve(file), targets)
  }
  return graph
}

/** Strongly connected components with more than one member (or a file importing itself): the import circles. */
export function cycles(graph) {
  let index = 0
  const indices = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  // Iterative Tarjan: the renderer alone is deep enough to make recursion a risk in a lint run.
  for (const start of graph.keys()) {
    if (indices.has(start)) continue
    const work = [{ node: start, edges: [...(graph.get(start) ?? [])], i: 0 }]
    indices.set(start, index)
    low.set(start, index++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work.at(-1)
      if (frame.i < frame.edges.length) {
        const next = frame.edges[frame.i++]
        if (!graph.has(next)) continue
        if (!indices.has(next)) {
          indices.set(next, index)
          low.set(next, index++)
          stack.push(next)
          onStack.add(next)
          work.push({ node: next, edges: [...(graph.get(next) ?? [])], i: 0 })
        } else if (onStack.has(next)) {
          low.set(frame.node, Math.min(low.get(frame.node), indices.get(next)))
        }
        continue
      }
      work.pop()
      if (work.length > 0) low.set(work.at(-1).node, Math.min(low.get(work.at(-1).node), low.get(frame.node)))
      if (low.get(frame.node) === indices.get(frame.node)) {
        const component = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) found.push(component.sort())
      }
    }
  }
  return found
}

/** The graph with each file replaced by its group (`groupOf(file)`, or left out when it answers null). */
export function groupGraph(graph, groupOf) {
  const grouped = new Map()
  for (const [file, targets] of graph) {
    const from = groupOf(file)
    if (from === null) continue
    if (!grouped.has(from)) grouped.set(from, new Set())
    for (const target of targets) {
      const to = groupOf(target)
      if (to !== null && to !== from) grouped.get(from).add(to)
    }
  }
  return grouped
}
