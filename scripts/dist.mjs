#!/usr/bin/env node
/**
 * `npm run dist`: installers of the Electron app for this platform (electron-builder.yml:
 * AppImage and deb on Linux, dmg on macOS, an NSIS installer on Windows). Builds `out/` with
 * electron-vite, then runs electron-builder; arguments go to electron-builder
 * (`npm run dist -- --linux deb`).
 *
 * electron-builder packs the Electron binary for the target, which comes from its download.
 * Where that download is impossible (no internet, as on our build machines) it would fail
 * after the build with a long stack trace; this says so in one line first, and exits 1.
 */
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './launch/run.mjs'

const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PROBE_TIMEOUT_MS = 10_000

const { version } = require('electron/package.json')
const zip = `electron-v${version}-${process.platform}-${process.arch}.zip`

/** Where @electron/get and electron-builder keep downloaded Electron zips. */
function cacheDir() {
  if (process.env.electron_config_cache) return process.env.electron_config_cache
  if (process.platform === 'darwin') return join(homedir(), 'Library/Caches/electron')
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData/Local'), 'electron/Cache')
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'electron')
}

/** True when the zip was downloaded before (the cache keeps it in a folder named by a hash of its address). */
function cached() {
  const dir = cacheDir()
  try {
    return readdirSync(dir, { withFileTypes: true }).some((entry) => entry.name === zip || (entry.isDirectory() && existsSync(join(dir, entry.name, zip))))
  } catch {
    return false
  }
}

/** Asks the download host (or ELECTRON_MIRROR) whether the zip can be had; resolves with the reason when not. */
async function unreachable() {
  const base = process.env.ELECTRON_MIRROR ?? process.env.npm_config_electron_mirror ?? 'https://github.com/electron/electron/releases/download/'
  const url = `${base.endsWith('/') ? base : `${base}/`}v${version}/${zip}`
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    return response.ok ? null : `${url} answered ${response.status}`
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.name ?? 'no answer'
    return `${url} could not be reached: ${cause === 'TimeoutError' ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s` : cause}`
  }
}

// An installed binary (node_modules/electron/dist) means its download worked on this machine.
if (!existsSync(join(root, 'node_modules/electron/dist')) && !cached()) {
  const reason = await unreachable()
  if (reason) {
    console.error(
      `npm run dist: cannot build installers here: Electron ${version} for ${process.platform}-${process.arch} is neither installed nor downloadable (${reason}); run \`npm install\` then \`npm run dist\` on a machine with internet access (README, "Installers").`,
    )
    process.exit(1)
  }
}

const built = await run('npx', ['electron-vite', 'build'])
if (built !== 0) process.exit(built)
process.exit(await run('npx', ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]))
