#!/usr/bin/env node
/**
 * `npm run check:comments`: fails when a comment names a source file that does not exist.
 *
 * A comment that names a file after it was moved, merged or renamed sends a newcomer looking
 * for nothing. This reads every comment of the tracked source
 * files (TypeScript, JavaScript) and every reference in them to a source file (`.ts`, `.tsx`,
 * `.mjs`, `.cjs`, `.js`), and checks it against the tracked files: a path with a folder must be
 * the end of some tracked path (`sync/service.ts`, `src/main/core/sync/service.ts`), a bare name
 * the name of some tracked file. Files of other packages (`node_modules/…`, a package's own
 * `lib/index.js`) and build outputs are not this project's: a comment names them with the
 * package or the output folder, and those are skipped (see `isExternal`).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

// The project's root; a test names another (a temporary repository) as the first argument.
const root = process.argv[2] ? pathToFileURL(`${process.argv[2].replace(/\/$/, '')}/`) : new URL('../..', import.meta.url)
// Packages are looked up where this script's project installed them.
const packages = new URL('../../', import.meta.url)
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
const trackedSet = new Set(tracked)
const names = new Set(tracked.map((path) => path.slice(path.lastIndexOf('/') + 1)))

/** Files the builds write (electron-vite's CommonJS preload, the CLI and host bundles): never tracked. */
const BUILD_OUTPUTS = new Set(['index.cjs', 'grant-desk.mjs', 'main.mjs', 'bridge.js'])
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/
// A file name as comments write it: word characters, dots, dashes and folders, ending in a source extension.
const REFERENCE = /(?<![\w.<>{}*$@/-])((?:\.{1,2}\/)?[\w@-][\w.@-]*(?:\/[\w.@-]+)*\.(?:ts|tsx|mjs|cjs|js))(?![\w/-])/g

/** Paths outside this project's tree, or made by a build: named in comments on purpose. */
function isExternal(reference, comment, at) {
  if (/^(out|dist|node_modules|release|test-results)\//.test(reference)) return true
  // A package (`ical.js`) or a file inside one (`micromark/lib/initialize/text.js`).
  const first = reference.split('/')[0]
  if (first && existsSync(new URL(`node_modules/${first}`, packages))) return true
  if (BUILD_OUTPUTS.has(reference)) return true
  // "write-file-atomic's lib/index.js", "ky's source.js", "the package's index.js".
  const before = comment.slice(Math.max(0, at - 60), at)
  return /(['’]s|package|module|of the)\s+(own\s+)?(`)?$/i.test(before) || /node_modules/.test(before)
}

function exists(reference) {
  const path = reference.replace(/^(\.{1,2}\/)+/, '')
  if (!path.includes('/')) return names.has(path)
  if (trackedSet.has(path)) return true
  return tracked.some((file) => file.endsWith(`/${path}`))
}

/** Every comment of a file, found through the syntax tree (a scanner alone misreads `/` in regular expressions). */
function commentsOf(file, text) {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.js') || file.endsWith('.mjs') || file.endsWith('.cjs')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const seen = new Map()
  const collect = (ranges) => {
    for (const range of ranges ?? []) if (!seen.has(range.pos)) seen.set(range.pos, { text: text.slice(range.pos, range.end), at: range.pos })
  }
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()))
    collect(ts.getTrailingCommentRanges(text, node.getEnd()))
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  return [...seen.values()]
}

const problems = []
for (const file of tracked) {
  if (!SOURCE.test(file) || file.endsWith('.d.ts')) continue
  const text = readFileSync(new URL(file, root), 'utf8')
  for (const comment of commentsOf(file, text)) {
    for (const match of comment.text.matchAll(REFERENCE)) {
      const reference = match[1]
      if (isExternal(reference, comment.text, match.index ?? 0) || exists(reference)) continue
      const line = text.slice(0, comment.at + (match.index ?? 0)).split('\n').length
      problems.push(`${file}:${line}: the comment names ${reference}, which is not a file of this project`)
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(
    `\n${problems.length} comment reference${problems.length === 1 ? '' : 's'} to files that do not exist: name the file as it is now, or say what it was without a path.`,
  )
  process.exit(1)
}
console.log(`Comment references: every file named in a comment exists (${tracked.filter((f) => SOURCE.test(f)).length} source files read).`)
