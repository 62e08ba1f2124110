/** `npm run service` as a user runs it: a real child process, configured by env and flags. */
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../src/shared/api'
import { IDS, USERS, extraGrant, login, request, tempDir, testFixture } from '../../support/service'

const NEW_ID = 'dddddddd-0000-4000-8000-000000000001'

const MAIN = join(process.cwd(), 'src/service/main.ts')
const children: ChildProcess[] = []
const dirs: string[] = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function run(args: string[], env: Record<string, string>) {
  const dir = tempDir()
  dirs.push(dir)
  // One process (node with tsx's loader), not the tsx CLI: killing the CLI would leave its child running.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, PORT: '0', GRANT_SERVICE_DATA: join(dir, 'service.db'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk) => (stdout += chunk))
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /Grant service listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match) resolve(match[1]!)
    })
    void exited.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)))
  })
  // Runs that are meant to fail never await `listening`; it still rejects for those that do.
  listening.catch(() => {})
  return { dir, child, exited, listening, output: () => ({ stdout, stderr }) }
}

describe('npm run service', () => {
  it('prints where it listens, serves the demo data and stops on SIGTERM', async () => {
    const service = run([], {})
    const url = await service.listening
    expect(service.output().stdout).toContain('Demo logins: ada@example.org / grant-desk-demo')
    const list = await request(url, 'GET', '/api/build?status=all')
    expect(list.body.count).toBeGreaterThanOrEqual(12)
    service.child.kill('SIGTERM')
    expect(await service.exited).toBe(0)
  })

  it('loads --fixture and expires access tokens after GRANT_SERVICE_TOKEN_TTL seconds', async () => {
    const file = join(tempDir(), 'fixture.json')
    dirs.push(join(file, '..'))
    writeFileSync(file, JSON.stringify(testFixture()))
    const service = run(['--fixture', file], { GRANT_SERVICE_TOKEN_TTL: '1' })
    const url = await service.listening
    const { access_token } = await login(url, USERS[0])
    await new Promise((resolve) => setTimeout(resolve, 1_300))
    const response = await request(url, 'POST', `/api/build/${IDS.freeForm}/apply`, { token: access_token, json: { pitch: 'p' } })
    expect(response.status).toBe(401)
    expect(ErrorBody.parse(response.body).error.code).toBe('token_expired')
  })

  it('loads the fixture file again on SIGHUP: a grant added to it appears; a broken file changes nothing', async () => {
    const file = join(tempDir(), 'fixture.json')
    dirs.push(join(file, '..'))
    const fixture = testFixture()
    writeFileSync(file, JSON.stringify(fixture))
    const service = run(['--fixture', file], {})
    const url = await service.listening
    const ids = async () => ((await request(url, 'GET', '/api/build?status=all')).body.items as { id: string }[]).map((grant) => grant.id)
    expect(await ids()).not.toContain(NEW_ID)

    writeFileSync(file, JSON.stringify({ ...fixture, grants: [...fixture.grants, extraGrant(NEW_ID, 'Added while running')] }))
    service.child.kill('SIGHUP')
    await expect.poll(() => service.output().stdout, { timeout: 10_000 }).toContain(`Reloaded ${file}: 6 grants.`)
    expect(await ids()).toContain(NEW_ID)

    writeFileSync(file, '{"grants": [')
    service.child.kill('SIGHUP')
    await expect
      .poll(() => service.output().stderr, { timeout: 10_000 })
      .toMatch(/is not JSON[\s\S]*The fixture was not reloaded; the service keeps the data it had\./)
    expect(await ids()).toContain(NEW_ID)
    expect(service.child.exitCode).toBeNull()
  })

  it('exits 1 naming the bad path of an invalid fixture', async () => {
    const fixture = testFixture() as unknown as { grants: Array<Record<string, unknown>> }
    fixture.grants[3]!['deadline'] = '31/12/2026'
    const dir = tempDir()
    dirs.push(dir)
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(fixture))
    const service = run([], { GRANT_SERVICE_FIXTURE: join(dir, 'bad.json') })
    expect(await service.exited).toBe(1)
    expect(service.output().stderr).toContain('grants[3].deadline: invalid ISO date')
  })

  it.each([
    ['a fixture file that does not exist', ['--fixture', '/nonexistent/fixture.json'], {}, 'cannot read fixture /nonexistent/fixture.json'],
    ['a port that is not a number', [], { PORT: 'eighty' }, 'PORT: must be a port number'],
    ['a token lifetime of zero', [], { GRANT_SERVICE_TOKEN_TTL: '0' }, 'GRANT_SERVICE_TOKEN_TTL: must be more than 0'],
    ['an unknown flag', ['--fixtures', 'x'], {}, 'Usage: npm run service'],
  ])('exits 1 with a message for %s', async (_, args, env, message) => {
    const service = run(args, env)
    expect(await service.exited).toBe(1)
    expect(service.output().stderr).toContain(message)
  })

  it('exits 1 with advice when the port is taken', async () => {
    const first = run([], {})
    const port = new URL(await first.listening).port
    const second = run([], { PORT: port })
    expect(await second.exited).toBe(1)
    expect(second.output().stderr).toContain(`Port ${port} on 127.0.0.1 is in use`)
  })
})
