/**
 * The Electron app builds: main, a CommonJS preload (a sandboxed preload cannot be an ES
 * module) and the renderer with its Content-Security-Policy. The Electron binary is not needed
 * to build, only to run, so this proves the shell's packaging on every machine. What is read is
 * the build `npm run build` leaves in out/ (`electron-vite build`, as `npm test` runs it before the
 * tests): a build of its own here took as long again, for the same output.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { needsBuild } from '../../../scripts/launch/browser-host.mjs'

const outDir = fileURLToPath(new URL('../../../out', import.meta.url))

beforeAll(() => {
  // needsBuild() compares the renderer (and the host and bridge) with src/; main and the preload come out of the same electron-vite build.
  const missing = ['main/index.js', 'preload/index.cjs'].filter((file) => !statSync(join(outDir, file), { throwIfNoEntry: false }))
  if (needsBuild() || missing.length > 0) {
    throw new Error('out/ is missing or older than src/ (the Electron app, the bridge or the host): run `npm run build` first (`npm test` does).')
  }
})

describe('electron-vite build', () => {
  it('emits the main process as an ES module that loads the .cjs preload', () => {
    const main = readFileSync(join(outDir, 'main/index.js'), 'utf8')
    expect(main).toMatch(/^import .* from "electron";?$/m)
    expect(main).toContain('../preload/index.cjs')
    expect(main).toMatch(/sandbox:\s*true/)
    expect(main).toMatch(/contextIsolation:\s*true/)
    expect(main).toMatch(/nodeIntegration:\s*false/)
  })

  it('emits the preload as CommonJS', () => {
    expect(readdirSync(join(outDir, 'preload'))).toEqual(['index.cjs'])
    const preload = readFileSync(join(outDir, 'preload/index.cjs'), 'utf8')
    expect(preload).not.toMatch(/^\s*(import|export)\s/m)
  })

  it('emits the renderer with a strict Content-Security-Policy and no inline script', () => {
    const html = readFileSync(join(outDir, 'renderer/index.html'), 'utf8')
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(readdirSync(join(outDir, 'renderer/assets')).some((f) => f.endsWith('.js'))).toBe(true)
  })
})
