/**
 * The Electron app builds: main, a CommonJS preload (a sandboxed preload cannot be an ES
 * module) and the renderer with its Content-Security-Policy. The Electron binary is not needed
 * to build, only to run, so this proves the shell's packaging on every machine.
 */
import { execFile } from 'node:child_process'
import { readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/service'

const outDir = tempDir('grant-desk-build-')
beforeAll(async () => {
  await promisify(execFile)(join(process.cwd(), 'node_modules/.bin/electron-vite'), ['build', '--outDir', outDir, '--logLevel', 'error'])
}, 120_000)
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

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
