/**
 * The browser host follows the link check's rules as the desktop app does (issue 33): the same
 * core answers `links.check` over the host's HTTP bridge, against a real local server, and
 * keeps the answers in the host's data folder.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TOKEN_HEADER } from '../../../src/host/server'
import { type HostStack, startHostStack } from '../../support/browser-host'
import { type LinkServer, startLinkServer } from '../../support/link-server'
import { tempDir } from '../../support/service'

let root: string
let stack: HostStack
let links: LinkServer

beforeAll(async () => {
  root = tempDir('grant-desk-host-links-')
  mkdirSync(join(root, 'renderer/assets'), { recursive: true })
  // A stand-in shaped like Vite's output, as in server.test.ts: the host serves a page with its module script.
  writeFileSync(join(root, 'renderer/index.html'), '<!doctype html><title>Grant Desk</title><script type="module" src="./assets/index-abc123.js"></script>')
  writeFileSync(join(root, 'renderer/assets/index-abc123.js'), 'console.log("app")\n')
  writeFileSync(join(root, 'bridge.js'), '/* the bridge */\n')
  stack = await startHostStack({ rendererDir: join(root, 'renderer'), bridgeFile: join(root, 'bridge.js') })
  links = await startLinkServer()
})

afterAll(async () => {
  await links?.close()
  await stack?.dispose()
  await rm(root, { recursive: true, force: true })
})

it('answers links.check with the same checker: a dead link, a live one, kept in the host’s data folder', async () => {
  const pitch = `## Team\n\n- Ada: [ada-l’s profile](${links.url}/gone), [site](${links.url}/ok)\n`
  const response = await fetch(`${stack.host.url}/rpc/links.check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: stack.host.token },
    body: JSON.stringify({ pitch, customFields: {} }),
  })
  const answer = (await response.json()) as { ok: boolean; value: { offline: boolean; results: Record<string, { state: string; status?: number }> } }
  expect(answer.ok).toBe(true)
  expect(answer.value.offline).toBe(false)
  expect(answer.value.results[`${links.url}/gone`]).toMatchObject({ state: 'dead', status: 410 })
  expect(answer.value.results[`${links.url}/ok`]).toMatchObject({ state: 'ok', status: 200 })
  expect(links.requests.sort()).toEqual(['HEAD /gone', 'HEAD /ok'])
  expect(existsSync(join(stack.dataDir, 'link-check.json'))).toBe(true)
})
