#!/usr/bin/env node
/**
 * `npm run start:browser`: builds the renderer and the bridge when they are missing or older
 * than their sources, then runs the browser host (src/host/main.ts) in this terminal.
 */
import { runBrowserHost } from './launch/browser-host.mjs'
import { stopWithParent } from './launch/parent.mjs'

stopWithParent()
process.exit(await runBrowserHost(process.argv.slice(2)))
