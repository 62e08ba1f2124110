/**
 * `npm run bench`: the sandbox's throughput on its two reads, the grant list
 * (`GET /api/build?status=all`) and a grant's detail (`GET /api/build/<id>`), each against a bare
 * `node:http` server sending the same bytes with the same headers for that path: the baseline, in
 * the same run. Each server runs in a process of its own (the sandbox as `npm run service` runs
 * it, on a fresh database with the demo data); this process is the load generator: 16 keep-alive
 * connections (undici), each sending its next request as soon as the last answer is read, after a
 * warm-up; a run is the two servers measured in turn in short slices (the load generator shares
 * the machine with them, and anything else running weighs on both alike). Every answer must be
 * 200 with the sandbox's bytes. The CPU time each server used per request (from /proc, on Linux)
 * is printed too: the cost the ratio comes from.
 * Goal: the sandbox answers at least 0.5× the baseline's requests per second on each route.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { defineBench, type RowSpec } from './lib/row'

const CONNECTIONS = 16
/** A run of a route: this many slices of SLICE_MS per server, the two servers in turn. */
const SLICES = 4
const SLICE_MS = Number(process.env['BENCH_SLICE_MS'] || 500)

/** Starts a child process and waits for the line that gives its address. */
function start(project: string, args: string[], env: Record<string, string>, pattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: project, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
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

/** A server that answers each path with the bytes and headers given for it, as fast as node:http can. */
const BARE_SERVER = `
const http = require('node:http')
const routes = new Map(JSON.parse(process.env.ROUTES_JSON).map(([path, body, headers]) => [path, [Buffer.from(body, 'base64'), headers]]))
const server = http.createServer((req, res) => {
  const [body, headers] = routes.get(req.url)
  res.writeHead(200, headers)
  res.end(body)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log('bare at http://127.0.0.1:' + server.address().port))
`

/**
 * Requests answered on `path` in `ms`, with CONNECTIONS requests always in flight on the pool's
 * keep-alive connections; every answer checked.
 */
async function load(pool: Pool, path: string, expected: Buffer, ms: number): Promise<number> {
  let done = 0
  let wrong = 0
  const until = performance.now() + ms
  const worker = async () => {
    while (performance.now() < until) {
      const { statusCode, body } = await pool.request({ path, method: 'GET' })
      const bytes = Buffer.from(await body.arrayBuffer())
      if (statusCode === 200 && bytes.equals(expected)) done++
      else wrong++
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  if (wrong > 0) throw new Error(`${wrong} answers to ${path} were not 200 with the expected bytes`)
  return done
}

/** CPU time (ms) a process has used, from /proc on Linux; null elsewhere. */
function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null
  }
}

/** The sandbox's answer to `path`: its bytes, and the headers a bare server must send to match it. */
async function sample(url: string, path: string): Promise<{ bytes: Buffer; headers: Record<string, string> }> {
  const response = await fetch(url + path)
  const bytes = Buffer.from(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value
  })
  headers['content-length'] = String(bytes.length)
  return { bytes, headers }
}

export default defineBench({
  title: 'Sandbox throughput against bare node:http sending the same bytes',
  async run({ runs, project }) {
    const rounds = runs(5)
    const dir = mkdtempSync(join(tmpdir(), 'grant-desk-bench-sandbox-'))
    const children: ChildProcess[] = []
    try {
      const sandbox = await start(
        project,
        ['--import', 'tsx', 'src/service/main.ts'],
        { PORT: '0', GRANT_SERVICE_DATA: join(dir, 'service.db') },
        /listening on (http:\/\/\S+)/,
      )
      children.push(sandbox.child)
      const list = (await (await fetch(`${sandbox.url}/api/build?status=all`)).json()) as { items: { id: string; title: string }[] }
      const routes = [
        { label: 'grant list, GET /api/build?status=all', path: '/api/build?status=all' },
        { label: `grant detail, GET /api/build/<id> ("${list.items[0]!.title}")`, path: `/api/build/${list.items[0]!.id}` },
      ]
      const samples = await Promise.all(routes.map((route) => sample(sandbox.url, route.path)))
      const bare = await start(
        project,
        ['-e', BARE_SERVER],
        { ROUTES_JSON: JSON.stringify(routes.map((route, i) => [route.path, samples[i]!.bytes.toString('base64'), samples[i]!.headers])) },
        /bare at (http:\/\/\S+)/,
      )
      children.push(bare.child)

      const rows: RowSpec[] = []
      for (const [i, route] of routes.entries()) {
        const bytes = samples[i]!.bytes
        const servers = [sandbox, bare].map((server) => ({
          ...server,
          pool: new Pool(server.url, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60_000 }),
        }))
        try {
          // Warm-up: the JIT of both servers and of this client, and the connections.
          for (const server of servers) await load(server.pool, route.path, bytes, 1000)
          const rates = servers.map(() => [] as number[])
          const cpu = servers.map(() => ({ ms: 0, requests: 0 }))
          for (let run = 0; run < rounds; run++) {
            // A run: the two in turn, in short slices, so that whatever else the machine does weighs on both.
            const done = servers.map(() => 0)
            for (let slice = 0; slice < SLICES; slice++) {
              for (const [k, server] of servers.entries()) {
                const before = cpuMs(server.child.pid!)
                const answered = await load(server.pool, route.path, bytes, SLICE_MS)
                const after = cpuMs(server.child.pid!)
                done[k]! += answered
                if (before !== null && after !== null) {
                  cpu[k]!.ms += after - before
                  cpu[k]!.requests += answered
                }
              }
            }
            done.forEach((count, k) => rates[k]!.push(count / ((SLICES * SLICE_MS) / 1000)))
          }
          const perRequest = cpu.map(({ ms, requests }) => (requests > 0 && ms > 0 ? (ms * 1000) / requests : null))
          rows.push({
            name: `Sandbox ${route.label}, requests/s`,
            unit: 'requests/s',
            values: rates[0]!,
            baseline: { name: 'bare node:http, same bytes', values: rates[1]! },
            goal: { of: 'ratio', atLeast: 0.5 },
            detail: [
              `${bytes.length.toLocaleString('en-US')} bytes per answer, ${CONNECTIONS} keep-alive connections; a run is ${SLICES} slices of ${SLICE_MS} ms per server, in turn`,
              ...(perRequest.every((us) => us !== null)
                ? [
                    `CPU per request: sandbox ${perRequest[0]!.toFixed(0)} µs, bare ${perRequest[1]!.toFixed(0)} µs (${(perRequest[0]! / perRequest[1]!).toFixed(2)}×)`,
                  ]
                : []),
            ],
          })
        } finally {
          for (const server of servers) await server.pool.close()
        }
      }
      return rows
    } finally {
      for (const child of children) child.kill()
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
