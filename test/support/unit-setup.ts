/**
 * Setup of the pure tier (the `unit` project), which runs its files one after another in a
 * shared worker (`isolate: false` in vitest.config.ts) to save a process, a jsdom and the
 * import of every library per file. Three things keep a file from seeing what the one before
 * it left behind, and one keeps the tier pure:
 *
 * - The project's own modules load fresh for every file: the stores and other module-level
 *   singletons (the connectivity store's `online: false` from an offline banner test once turned
 *   a later file's offline notice into the banner's short form). Libraries stay loaded by Node.
 * - In jsdom, what the app keeps in the window outlives a module: the storage that the layout,
 *   theme and suggesting stores read when they load, the bridge a test put on
 *   `window.grantDesk`, and the theme's attributes on the root element.
 * - Fake timers and stubbed globals and environment variables are put back (a test's own
 *   afterEach should; this is the net under it). Spies are not: restoring one made on a fake
 *   timer after the clock is gone would bring back the dead fake (trailingTimer.test.ts).
 * - No process starts: the child_process functions throw, so a test that would spawn one says
 *   where it belongs instead of passing slowly. The lint rule of test/unit catches the direct
 *   imports; this catches the ones through the code under test.
 */
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import { afterAll, vi } from 'vitest'

vi.resetModules()

if (typeof window !== 'undefined') {
  window.localStorage.clear()
  window.sessionStorage.clear()
  delete (window as unknown as { grantDesk?: unknown }).grantDesk
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name)
}

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

const SPAWNERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const
for (const name of SPAWNERS) {
  ;(childProcess as unknown as Record<string, unknown>)[name] = () => {
    throw new Error(`child_process.${name} was called in the unit tier, which starts no process: move the test to test/integration.`)
  }
}
syncBuiltinESMExports()
