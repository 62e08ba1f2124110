/**
 * The renderer's start script, as `npm run build` leaves it in out/renderer: the entry chunk of
 * index.html and every chunk it imports statically (what the browser must fetch, parse and run
 * before the first screen, the grant list, can show; every other screen and part is a chunk of
 * its own, fetched later). diff-match-patch, under the review's anchoring (src/shared/review/anchor.ts),
 * is not among them, and together they are at most 130 KB gzip (issue 34).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const RENDERER = fileURLToPath(new URL('../../../out/renderer', import.meta.url))
const START_SCRIPT_LIMIT = 130 * 1024
/** A message of diff-match-patch's own: minifying keeps string literals, and no other code of the app says it. */
const DIFF_MATCH_PATCH = 'Null input. (diff_main)'

/** The chunks a module imports statically (`import … from "./x.js"`, `import "./x.js"`), not through `import()`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]!)
}

/** The entry chunk and its static imports, each with its text, by path inside out/renderer. */
function startScript(): Map<string, string> {
  const page = join(RENDERER, 'index.html')
  if (!existsSync(page)) throw new Error('out/renderer/index.html is missing: run `npm run build` first (`npm test` does).')
  const html = readFileSync(page, 'utf8')
  const entries = [...html.matchAll(/<script type="module"[^>]*\bsrc="\.\/([^"]+)"/g)].map((m) => m[1]!)
  expect(entries, 'index.html loads one module script').toHaveLength(1)
  const chunks = new Map<string, string>()
  const visit = (file: string) => {
    if (chunks.has(file)) return
    const code = readFileSync(join(RENDERER, file), 'utf8')
    chunks.set(file, code)
    for (const imported of staticImports(code)) visit(posix.join(posix.dirname(file), imported))
  }
  visit(entries[0]!)
  return chunks
}

describe('the start script of the built renderer', () => {
  it('reads static imports and leaves dynamic ones out', () => {
    const code = 'import{a as b}from"./react-x1.js";import"./side.js";const l=()=>import("./Editor-y2.js");export{b}'
    expect(staticImports(code)).toEqual(['./react-x1.js', './side.js'])
  })

  it('has no diff-match-patch: the review loads it with its own chunk', () => {
    const script = startScript()
    const holding = [...script].filter(([, code]) => code.includes(DIFF_MATCH_PATCH)).map(([file]) => file)
    expect(holding, `diff-match-patch is in the start script (${holding.join(', ')})`).toEqual([])
    // The mark finds it where it is: in a chunk loaded later (the review's, the anchor worker).
    const assets = join(RENDERER, 'assets')
    const later = readdirSync(assets).filter((file) => file.endsWith('.js') && !script.has(`assets/${file}`))
    expect(later.some((file) => readFileSync(join(assets, file), 'utf8').includes(DIFF_MATCH_PATCH))).toBe(true)
  })

  it('is at most 130 KB gzip, entry and static imports together', () => {
    const script = startScript()
    const sizes = [...script].map(([file, code]) => ({ file, gzip: gzipSync(code).length }))
    const total = sizes.reduce((sum, one) => sum + one.gzip, 0)
    const listing = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .map((one) => `${one.file} ${(one.gzip / 1024).toFixed(1)} KB`)
      .join(', ')
    expect(total, `start script ${(total / 1024).toFixed(1)} KB gzip: ${listing}`).toBeLessThanOrEqual(START_SCRIPT_LIMIT)
  })
})
