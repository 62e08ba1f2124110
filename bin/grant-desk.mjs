#!/usr/bin/env node
// The CLI is bundled by `npm run build:cli` (run on install by `prepare`).
import { existsSync } from 'node:fs'

const bundle = new URL('../out/cli/grant-desk.mjs', import.meta.url)
if (!existsSync(bundle)) {
  console.error('grant-desk: the CLI is not built yet. Run `npm run build:cli` in the grant-desk folder, then try again.')
  process.exit(2)
}
await import(bundle.href)
