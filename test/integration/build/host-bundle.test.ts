/**
 * The browser host as `npm run build` leaves it in out/host (vite.host.config.ts), read as an
 * import graph: what each of its threads loads before it can answer (a module and every chunk it
 * imports statically), and what waits for first use (`import()`). Issue 34: the host's main
 * thread listens and serves the page without loading the core, which its own thread builds
 * (src/host/core-thread.ts); and that thread does not load the HTML parsing of the service
 * client's error bodies before the grant list (only a refused answer needs it).
 *
 * The bundle is not minified: each module starts with a `// <its path>` line, which is what the
 * modules are found by here (and the checks first find them where they must be, so that a
 * change of that form fails them instead of passing them for nothing).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const HOST = fileURLToPath(new URL('../../../out/host', import.meta.url))

function read(file: string): string {
  const path = join(HOST, file)
  if (!existsSync(path)) throw new Error(`out/host/${file} is missing: run \`npm run build\` first (\`npm test\` does).`)
  return readFileSync(path, 'utf8')
}

/** The chunks a module imports statically (`import … from "./x.mjs"`, `export … from`, `import "./x.mjs"`), as written. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/^(?:import|export)\b[^;]*?["'](\.{1,2}\/[^"']+\.mjs)["']/gm)].map((m) => m[1]!)
}

/** The chunks a module loads when first used (`import("./x.mjs")`), as written. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+\.mjs)["']\s*\)/g)].map((m) => m[1]!)
}

/** `specifier`, imported by `file`, as a path inside out/host. */
const inHost = (file: string, specifier: string) => posix.join(posix.dirname(file), specifier)

/** `file` and every chunk it imports statically: what loads before it runs. */
function loadedWith(file: string): Map<string, string> {
  const chunks = new Map<string, string>()
  const visit = (name: string) => {
    if (chunks.has(name)) return
    const code = read(name)
    chunks.set(name, code)
    for (const imported of staticImports(code)) visit(inHost(name, imported))
  }
  visit(file)
  return chunks
}

/** The chunks among `chunks` holding the module at `path` (its `// path` line). */
function holding(chunks: Map<string, string>, path: string): string[] {
  // Packages are named from wherever node_modules is (`../../main/node_modules/…` from a linked one).
  const line = new RegExp(`^// (?:\\S*/)?${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm')
  return [...chunks].filter(([, code]) => line.test(code)).map(([file]) => file)
}

const CORE = 'src/main/core/core.ts'
const HONO = 'node_modules/hono/dist/hono.js'
const ERROR_BODY = 'src/main/core/service-client/error-body.ts'
const HTML_PARSER = 'node_modules/parse5/dist/tokenizer/index.js'

describe('the built browser host', () => {
  it('reads static and dynamic imports apart', () => {
    const code = 'import { a as b } from "./zod-x1.mjs";\nimport "./side.mjs";\nexport { c } from "./c.mjs";\nconst l = () => import("./start-y2.mjs")'
    expect(staticImports(code)).toEqual(['./zod-x1.mjs', './side.mjs', './c.mjs'])
    expect(dynamicImports(code)).toEqual(['./start-y2.mjs'])
    expect(inHost('core/a.mjs', './b.mjs')).toBe('core/b.mjs')
  })

  it('starts on a small entry that names its core’s thread (spawned later) and loads the host’s own code after', () => {
    const entry = loadedWith('main.mjs')
    expect([...entry.keys()]).toEqual(['main.mjs'])
    const code = entry.get('main.mjs')!
    expect(code).toMatch(/new Worker\(/)
    expect(code).toContain('core-worker.mjs')
    expect(dynamicImports(code).some((file) => /^\.\/start-.+\.mjs$/.test(file))).toBe(true)
  })

  it('listens and serves the page on a main thread that never loads the core', () => {
    const entry = read('main.mjs')
    const start = dynamicImports(entry).find((file) => /^\.\/start-.+\.mjs$/.test(file))!
    const mainThread = loadedWith(inHost('main.mjs', start))
    // The host's server is there (it answers the page), the core is not.
    expect(holding(mainThread, 'src/host/server.ts')).toHaveLength(1)
    expect(holding(mainThread, CORE)).toEqual([])
    // The core is in its thread's own module.
    expect(holding(loadedWith('core-worker.mjs'), CORE)).toEqual(['core-worker.mjs'])
  })

  it('builds the core without the error bodies’ HTML parsing, which loads with the first refused answer', () => {
    const coreThread = loadedWith('core-worker.mjs')
    expect(holding(coreThread, ERROR_BODY)).toEqual([])
    expect(holding(coreThread, HTML_PARSER)).toEqual([])
    // It is in a chunk of its own, loaded when first used (failures.ts).
    const files = readdirSync(HOST, { recursive: true, encoding: 'utf8' }).map((file) => file.split('\\').join('/'))
    const all = new Map(files.filter((file) => file.endsWith('.mjs')).map((file) => [file, read(file)] as const))
    const errorBody = holding(all, ERROR_BODY)
    expect(errorBody).toHaveLength(1)
    expect(holding(loadedWith(errorBody[0]!), HTML_PARSER)).toHaveLength(1)
    const loadedLater = [...coreThread].flatMap(([file, code]) => dynamicImports(code).map((specifier) => inHost(file, specifier)))
    expect(loadedLater.some((file) => loadedWith(file).has(errorBody[0]!))).toBe(true)
  })

  it('answers the page and the build’s files without loading the API’s routes, which load once the page has had its turn', () => {
    const start = dynamicImports(read('main.mjs')).find((file) => /^\.\/start-.+\.mjs$/.test(file))!
    const mainThread = loadedWith(inHost('main.mjs', start))
    expect(holding(mainThread, 'src/host/page.ts')).toHaveLength(1)
    expect(holding(mainThread, 'src/host/routes.ts')).toEqual([])
    expect(holding(mainThread, HONO)).toEqual([])
    const later = [...mainThread].flatMap(([file, code]) => dynamicImports(code).map((specifier) => inHost(file, specifier)))
    const routes = later.find((file) => holding(loadedWith(file), 'src/host/routes.ts').length > 0)
    expect(routes, 'the routes load when first used').toBeDefined()
    expect(holding(loadedWith(routes!), HONO)).toHaveLength(1)
  })

  it('answers the saved grant list with the list’s schemas only: not the rest of the contract, nor the cache’s writing', () => {
    const start = dynamicImports(read('main.mjs')).find((file) => /^\.\/start-.+\.mjs$/.test(file))!
    const mainThread = loadedWith(inHost('main.mjs', start))
    const later = [...mainThread].flatMap(([file, code]) => dynamicImports(code).map((specifier) => inHost(file, specifier)))
    const savedList = later.find((file) => holding(loadedWith(file), 'src/host/saved-list.ts').length > 0)
    expect(savedList, 'the saved list loads when first used').toBeDefined()
    const loaded = loadedWith(savedList!)
    expect(holding(loaded, 'src/shared/api/grant-list.ts')).toHaveLength(1)
    expect(holding(loaded, 'src/main/core/cache-entry.ts')).toHaveLength(1)
    for (const path of ['src/shared/api/resources.ts', 'src/main/core/cache.ts', 'src/main/core/grants.ts', 'node_modules/write-file-atomic/lib/index.js']) {
      expect(holding(loaded, path), path).toEqual([])
    }
  })

  it('draws the page’s first paint on the main thread from the saved list, with the list’s schemas and the row’s words only', () => {
    const start = dynamicImports(read('main.mjs')).find((file) => /^\.\/start-.+\.mjs$/.test(file))!
    const mainThread = loadedWith(inHost('main.mjs', start))
    expect(holding(mainThread, 'src/host/first-paint.ts')).toEqual([])
    const later = [...mainThread].flatMap(([file, code]) => dynamicImports(code).map((specifier) => inHost(file, specifier)))
    // Its chunk is named for it (the bundle keeps no `// path` line for a chunk's own entry module).
    const firstPaint = later.find((file) => /(^|\/)first-paint-[^/]+\.mjs$/.test(file))
    expect(firstPaint, 'the first paint loads as the host starts, beside it').toBeDefined()
    const loaded = loadedWith(firstPaint!)
    expect(loaded.get(firstPaint!)).toMatch(/\bexport \{ firstPaintOf \}/)
    for (const path of ['src/shared/api/grant-list.ts', 'src/shared/api/grant-listing.ts', 'src/shared/api/grant-deadline.ts']) {
      expect(holding(loaded, path), path).toHaveLength(1)
    }
    for (const path of [CORE, 'src/shared/api/resources.ts', 'src/main/core/cache.ts', 'node_modules/react/index.js', 'node_modules/react-dom/index.js']) {
      expect(holding(loaded, path), path).toEqual([])
    }
  })
})
