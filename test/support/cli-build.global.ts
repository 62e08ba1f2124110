/**
 * Vitest's global setup of the integration and faults tiers: builds the CLI bundle (out/cli, what
 * `bin/grant-desk.mjs` runs; `npm run build:cli`) once, before any of their files, when it is
 * missing or older than its sources. `npm ci` built it already (the `prepare` script), so in CI
 * this usually builds nothing. Five CLI test files each ran the build in their own beforeAll, and
 * a build empties out/cli: while another file ran the CLI, it would have taken the bundle away.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { newest } from '../../scripts/launch/browser-host.mjs'

const PROJECT = fileURLToPath(new URL('../..', import.meta.url))
const BUNDLE = join(PROJECT, 'out/cli/grant-desk.mjs')
/** What the bundle is made of: every source (the CLI imports from main, shared and its own folder), its config and the packages. */
const SOURCES = ['src', 'vite.cli.config.ts', 'package.json', 'package-lock.json']

export default async function buildCli(): Promise<void> {
  const built = newest(BUNDLE)
  if (built > 0 && SOURCES.every((source) => newest(join(PROJECT, source)) <= built)) return
  try {
    await promisify(execFile)('npm', ['run', 'build:cli'], { cwd: PROJECT })
  } catch (error) {
    throw new Error(`\`npm run build:cli\` failed, and the CLI's tests run its bundle: run it to see why.\n${String(error)}`)
  }
}
