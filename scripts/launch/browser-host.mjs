/**
 * The browser host as the start scripts run it: builds the app (the renderer, the bridge and the
 * host itself, bundled as out/host/main.mjs) when any of it is missing or older than its sources,
 * then runs the bundled host in this terminal. Shared by `npm run start:browser` and `npm start`
 * (which adds `--window` where Electron is missing).
 */
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './run.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const HOST = 'out/host/main.mjs'
// The host's core thread is a build of its own (vite.host.config.ts's `--mode core`).
const outputs = ['out/renderer/index.html', 'out/browser/bridge.js', HOST, 'out/host/core-worker.mjs']
const sources = [
  'src/renderer',
  'src/shared',
  'src/preload',
  'src/host',
  'src/main',
  'src/service',
  'electron.vite.config.ts',
  'vite.bridge.config.ts',
  'vite.host.config.ts',
  'package-lock.json',
]

function mtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return null
  }
}

/** The newest modification time under `path`; 0 where it is missing. */
export function newest(path) {
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

/** Whether the renderer, the bridge or the bundled host is missing or older than its sources (tests that run the bundle refuse then). */
export function needsBuild() {
  const built = outputs.map((file) => mtime(join(root, file)))
  if (built.some((time) => time === null)) return true
  const oldestOutput = Math.min(...built)
  return sources.some((source) => newest(join(root, source)) > oldestOutput)
}

/** Builds when needed, then runs the host with `args`; resolves with the exit code to use. */
export async function runBrowserHost(args) {
  if (needsBuild()) {
    console.log('Building the app (the renderer, the bridge or the host is missing or older than its sources)…')
    const code = await run('npm', ['run', 'build'])
    if (code !== 0) return code
  }
  const [command, hostArgs] = hostCommand()
  return run(command, [...hostArgs, ...args])
}

/**
 * The command that runs the browser host: `[program, arguments]`, the host bundled by `npm run
 * build` (vite.host.config.ts). Bundled, it starts listening in about a third of the time tsx
 * took to compile and load src/host/main.ts and its modules. Also what `npm run bench` times.
 */
export function hostCommand() {
  return [process.execPath, [join(root, HOST)]]
}
