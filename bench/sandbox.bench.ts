/**
 * `npm run bench`: the sandbox's throughput on its busiest read, `GET /api/build?status=all`,
 * against a bare `node:http` server sending the same bytes with the same headers — the
 * baseline, in the same run. Each server runs in a process of its own; this process is the
 * load generator: 16 keep-alive connections (undici), each sending its next request as soon
 * as the last answer is read, for a fixed time after a warm-up, the two servers measured in
 * turn several times. Goal: the sandbox answers at least 0.5× the baseline's requests per
 * second.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Pool } from 'undici'

const GOAL = 0.5
const CONNECTIONS = 16
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3)
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3)
const PROJECT = fileURLToPath(new URL('..', import.meta.url))
const PATH = '/api/build?status=all'

/** Starts a child process and waits for the line that gives its address. */
function start(args: string[], env: Record<string, string>, pattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const found = pattern.exec(output)
      if (found) resolve({ url: found[1]!, child })
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
}

/** A server that answers every request with these bytes and headers, as fast as node:http can. */
const BARE_SERVER = `
const http = require('node:http')
const body = Buffer.from(process.env.BODY_B64, 'base64')
const headers = JSON.parse(process.env.HEADERS_JSON)
const server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body) })
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log('bare at http://127.0.0.1:' + server.address().port))
`

/** Requests per second over `SECONDS`, with CONNECTIONS requests always in flight. */
async function load(url: string, seconds: number): Promise<number> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60_000 })
  let done = 0
  let failed = 0
  const until = performance.now() + seconds * 1000
  const worker = async () => {
    while (performance.now() < until) {
      const { statusCode, body } = await pool.request({ path: PATH, method: 'GET' })
      await body.arrayBuffer()
      if (statusCode === 200) done++
      else failed++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  const elapsed = (performance.now() - started) / 1000
  await pool.close()
  if (failed > 0) throw new Error(`${failed} requests to ${url} failed`)
  return done / elapsed
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const dir = mkdtempSync(join(tmpdir(), 'grant-desk-bench-sandbox-'))
const children: ChildProcess[] = []
try {
  const sandbox = await start(['--import', 'tsx', 'src/service/main.ts'], { PORT: '0', GRANT_SERVICE_DATA: join(dir, 'service.db') }, /listening on (http:\/\/\S+)/)
  children.push(sandbox.child)
  const sample = await fetch(sandbox.url + PATH)
  const bytes = Buffer.from(await sample.arrayBuffer())
  const headers: Record<string, string> = {}
  sample.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value
  })
  headers['content-length'] = String(bytes.length)
  const bare = await start(['-e', BARE_SERVER], { BODY_B64: bytes.toString('base64'), HEADERS_JSON: JSON.stringify(headers) }, /bare at (http:\/\/\S+)/)
  children.push(bare.child)

  // Warm-up: the JIT of both servers and of this client.
  await load(sandbox.url, 1)
  await load(bare.url, 1)
  const sandboxRates: number[] = []
  const bareRates: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    sandboxRates.push(await load(sandbox.url, SECONDS))
    bareRates.push(await load(bare.url, SECONDS))
  }
  const s = median(sandboxRates)
  const b = median(bareRates)
  const ratio = s / b
  console.log(`\nSandbox throughput: GET ${PATH} (${bytes.length.toLocaleString('en-US')} bytes), ${CONNECTIONS} keep-alive connections, median of ${ROUNDS} × ${SECONDS} s`)
  console.log(`  sandbox (hono + SQLite)       ${Math.round(s).toLocaleString('en-US').padStart(7)} requests/s`)
  console.log(`  bare node:http, same bytes    ${Math.round(b).toLocaleString('en-US').padStart(7)} requests/s`)
  console.log(`Ratio sandbox / bare: ${ratio.toFixed(2)} (goal: at least ${GOAL}) — ${ratio >= GOAL ? 'met' : 'NOT met'}`)
  if (ratio < GOAL) process.exitCode = 1
} finally {
  for (const child of children) child.kill()
  rmSync(dir, { recursive: true, force: true })
}
