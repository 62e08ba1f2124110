/**
 * The browser host as the start scripts run it: builds the renderer and the bridge when they
 * are missing or older than their sources, then runs src/host/main.ts in this terminal.
 * Shared by `npm run start:browser` and `npm start` (which adds `--window` where Electron is
 * missing).
 */
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './run.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const outputs = ['out/renderer/index.html', 'out/browser/bridge.js']
const sources = ['src/renderer', 'src/shared', 'src/preload', 'electron.vite.config.ts', 'vite.bridge.config.ts']

function mtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return null
  }
}

function newest(path) {
  let stat
  try {
    stat = statSync(path)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs // a deleted file changes only its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

function needsBuild() {
  const built = outputs.map((file) => mtime(join(root, file)))
  if (built.some((time) => time === null)) return true
  const oldestOutput = Math.min(...built)
  return sources.some((source) => newest(join(root, source)) > oldestOutput)
}


/** Builds when needed, then runs the host with `args`; resolves with the exit code to use. */
export async function runBrowserHost(args) {
  if (needsBuild()) {
    console.log('Building the app (the renderer or the bridge is missing or older than its sources)…')
    const code = await run('npm', ['run', 'build'])
    if (code !== 0) return code
  }
  // `node --import tsx` rather than the tsx CLI: one process, so signals reach the host itself.
  return run(process.execPath, ['--import', 'tsx', join(root, 'src/host/main.ts'), ...args])
}
