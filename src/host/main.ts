/**
 * `npm run start:browser` (through scripts/start-browser.mjs, which builds first): the same
 * core the Electron shell runs, in Node, behind the browser host on 127.0.0.1. Without
 * GRANT_SERVICE_URL it also starts the sandbox in this process, with its demo data, and
 * tells the core of it (GRANT_DESK_SANDBOX_URL): the saved default address then means this
 * sandbox, and Settings can still point at another service.
 *
 * With `--window` (`npm start` where Electron is missing, see scripts/start.mjs) it also opens
 * the app in an app window of an installed Chromium-family browser, and stops when that window
 * closes; without such a browser it prints the address as `start:browser` does.
 *
 * Credentials live in a plain 0600 file of the data folder (there is no OS keychain to
 * encrypt with here): this program is for development and testing, not daily use.
 *
 * The core runs in a thread of its own (core-thread.ts), named here beside this module and loaded
 * once the page has drawn its first screen (page-turn.ts).
 */
import { coreThread } from './core-thread'

/** The core's thread: beside this module, bundled (out/host) or from source (tsx). */
const CORE_WORKER = new URL(import.meta.url.endsWith('.ts') ? './core-worker.ts' : './core-worker.mjs', import.meta.url)

const thread = process.argv.includes('--help') || process.argv.includes('-h') ? null : coreThread(CORE_WORKER)
const { runHost } = await import('./start')
await runHost(thread)
