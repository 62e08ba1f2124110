/**
 * The installers' configuration (electron-builder.yml), checked with electron-builder's own
 * schema and file matcher (app-builder-lib, which `electron-builder` runs), against the build
 * of `npm run build`: what it packs exists, the app can start from it, and nothing else goes
 * in — not the sandbox, the browser host, the CLI, tests, bench, scripts or dev tools.
 * Building the installers themselves needs the Electron download (see dist.test.ts).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

// No trailing slash: electron-builder adds its default exclusions only when the app folder is
// spelled exactly as its matcher spells it.
const PROJECT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/[\\/]$/, '')
const require = createRequire(join(PROJECT, 'node_modules/electron-builder/package.json'))
const { getMainFileMatchers } = require('app-builder-lib/out/fileMatcher') as {
  getMainFileMatchers: (...args: unknown[]) => Array<{ createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean }>
}
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration: (config: unknown, debugLogger: unknown) => Promise<void>
}

const config = parse(readFileSync(join(PROJECT, 'electron-builder.yml'), 'utf8')) as Record<string, any>
const pkg = JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> }
const quietLogger = { isEnabled: false, add: () => {} }

/** The project's files as electron-builder's matcher for `files` selects them (node_modules aside: it adds dependencies itself). */
function packedFiles(): string[] {
  const [matcher] = getMainFileMatchers(
    PROJECT,
    '/app',
    (pattern: string) => pattern,
    {},
    {
      info: {
        projectDir: PROJECT,
        buildResourcesDir: config.directories.buildResources,
        config: structuredClone(config),
        isPrepackedAppAsar: false,
        debugLogger: quietLogger,
      },
    },
    join(PROJECT, config.directories.output),
    false,
  )
  const filter = matcher!.createFilter()
  const packed: string[] = []
  // As electron-builder walks the app folder: a folder the filter refuses is not entered.
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name)
      const stat = statSync(file)
      if (!filter(file, stat)) continue
      if (stat.isDirectory()) walk(file)
      else packed.push(relative(PROJECT, file).split(sep).join('/'))
    }
  }
  walk(PROJECT)
  return packed.sort()
}

function assertBuilt(): void {
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    if (!existsSync(join(PROJECT, file))) throw new Error(`${file} is missing: run \`npm run build\` first (\`npm test\` does).`)
  }
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own validation', async () => {
    await expect(validateConfiguration(structuredClone(config), quietLogger)).resolves.toBeUndefined()
  })

  it('names the app and targets AppImage and deb, dmg, and NSIS', () => {
    expect(config.productName).toBe('Grant Desk')
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/)
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toBe('dmg')
    expect(config.win.target).toBe('nsis')
  })

  it('has an icon in resources/ big enough for every platform (512 px: macOS asks for it)', () => {
    for (const platform of ['linux', 'mac', 'win']) {
      const icon = join(PROJECT, config[platform].icon)
      expect(icon.startsWith(join(PROJECT, 'resources') + sep)).toBe(true)
      const png = readFileSync(icon)
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512])
    }
  })

  it('packs the built app, and every pattern it lists finds files', () => {
    assertBuilt()
    const packed = packedFiles()
    for (const file of packed) expect(existsSync(join(PROJECT, file)), file).toBe(true)
    // What the app loads when it starts: its main, the preload it names, the page.
    for (const file of [pkg.main.replace(/^\.\//, ''), 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']) expect(packed).toContain(file)
    expect(readFileSync(join(PROJECT, 'out/main/index.js'), 'utf8')).toContain('../preload/index.cjs')
    for (const pattern of (config.files as string[]).filter((p) => !p.startsWith('!'))) {
      const folder = pattern.replace(/\/\*\*$/, '/')
      expect(
        packed.some((file) => file.startsWith(folder)),
        `${pattern} packs nothing`,
      ).toBe(true)
    }
    // Each asset the page asks for is packed (a renamed output folder would break the window).
    const page = readFileSync(join(PROJECT, 'out/renderer/index.html'), 'utf8')
    const assets = [...page.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => `out/renderer/${m[1]}`)
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets) expect(packed).toContain(asset)
  })

  it('packs no sandbox, browser host, CLI, tests, bench, scripts, sources, maps or dev tools', () => {
    assertBuilt()
    const packed = packedFiles()
    expect(packed.every((file) => file === 'package.json' || /^out\/(main|preload|renderer)\//.test(file))).toBe(true)
    const forbidden = packed.filter(
      (file) =>
        /^(src|test|bench|scripts|docs|resources|bin|\.ci|\.data|dist|out\/browser|out\/cli|out\/host)\//.test(file) ||
        /\.map$/.test(file) ||
        /^(vitest|playwright|electron\.vite|vite\.[a-z]+)\.config\.ts$|^tsconfig|electron-builder\.yml|package-lock\.json/.test(file),
    )
    expect(forbidden).toEqual([])
  })

  it('can install what the main process imports: every package it loads is a runtime dependency', () => {
    assertBuilt()
    const main = readFileSync(join(PROJECT, 'out/main/index.js'), 'utf8')
    const imported = new Set([...main.matchAll(/from\s*"([^".][^"]*)"/g)].map((m) => m[1]!).filter((name) => !name.startsWith('node:') && name !== 'electron'))
    expect(imported.size).toBeGreaterThan(0)
    const root = (name: string) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!)
    expect([...imported].map(root).filter((name) => !(name in pkg.dependencies))).toEqual([])
  })
})
