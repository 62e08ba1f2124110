/**
 * `npm run service`: the sandbox grant service on HOST:PORT with its data in GRANT_SERVICE_DATA.
 * Exits 1 with a message that says what to fix when the configuration or the fixture is bad.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { formatIssuePath } from '../shared/api'
import { DEMO_USERS } from './demo-data'
import { readFixtureFile } from './fixture'
import { startService } from './server'

const USAGE = `Usage: npm run service -- [--fixture FILE]

Environment:
  HOST                     address to listen on (default 127.0.0.1)
  PORT                     port (default 8787; 0 picks a free one)
  GRANT_SERVICE_DATA       SQLite data file (default .data/service.db)
  GRANT_SERVICE_FIXTURE    fixture JSON to load, like --fixture
  GRANT_SERVICE_TOKEN_TTL  access-token lifetime in seconds (default 3600)

Signals:
  SIGHUP                   load the fixture file again (its grants are added or updated)`

const Env = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8787),
  GRANT_SERVICE_DATA: z.string().min(1).default('.data/service.db'),
  GRANT_SERVICE_FIXTURE: z.string().min(1).optional(),
  GRANT_SERVICE_TOKEN_TTL: z.coerce.number({ error: 'must be a number of seconds' }).positive({ error: 'must be more than 0' }).default(3600),
})

function exit(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main(): Promise<void> {
  let args
  try {
    args = parseArgs({ options: { fixture: { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
  } catch (error) {
    exit(`${(error as Error).message}\n\n${USAGE}`)
  }
  if (args.values.help) {
    console.log(USAGE)
    return
  }
  // An empty variable means "not set", as a shell user expects.
  const env = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')))
  if (!env.success) {
    exit(env.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`).join('\n') + `\n\n${USAGE}`)
  }
  const fixtureFile = args.values.fixture ?? env.data.GRANT_SERVICE_FIXTURE
  let fixture
  if (fixtureFile) {
    try {
      fixture = await readFixtureFile(fixtureFile)
    } catch (error) {
      exit((error as Error).message)
    }
  }

  let service
  try {
    service = await startService({
      host: env.data.HOST,
      port: env.data.PORT,
      dataFile: env.data.GRANT_SERVICE_DATA,
      tokenTtlSeconds: env.data.GRANT_SERVICE_TOKEN_TTL,
      ...(fixture ? { fixture } : {}),
    })
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    if (e.code === 'EADDRINUSE')
      exit(`Port ${env.data.PORT} on ${env.data.HOST} is in use. Stop what uses it, or set PORT to another port (0 picks a free one).`)
    exit(`The grant service could not start: ${e.message}`)
  }

  if (service.seeded === 'demo') {
    console.log(`Loaded the demo grants into ${env.data.GRANT_SERVICE_DATA}. Demo logins: ${DEMO_USERS.map((u) => `${u.email} / ${u.password}`).join(', ')}`)
  } else if (service.seeded === 'fixture') {
    console.log(`Loaded ${fixtureFile} into ${env.data.GRANT_SERVICE_DATA}.`)
  }
  console.log(`Grant service listening on ${service.url}`)

  // SIGHUP loads the fixture file again (grants upserted, as at start): a grant added to the file
  // appears without a restart, so a running app can be shown a new grant (saved searches' New).
  if (fixtureFile) {
    const running = service
    process.on('SIGHUP', () => {
      void readFixtureFile(fixtureFile)
        .then((reloaded) => running.store.load(reloaded).then(() => console.log(`Reloaded ${fixtureFile}: ${reloaded.grants.length} grants.`)))
        .catch((error: unknown) => console.error(`${(error as Error).message}\nThe fixture was not reloaded; the service keeps the data it had.`))
    })
  }

  const stop = () => {
    void service.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

void main()
