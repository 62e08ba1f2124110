/**
 * Starts the sandbox on a real port with a real SQLite file. Used by `npm run service`, by the
 * app's start commands, and by every test that needs the service.
 */
import { type AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { openDatabase } from './db'
import { demoFixture } from './demo-data'
import type { Fixture } from './fixture'
import { ServiceStore } from './store'

export interface ServiceOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** 0 picks a free port. Default 8787. */
  port?: number
  dataFile: string
  /** Loaded (upserted) on every start. Without one, an empty database gets the demo data. */
  fixture?: Fixture | undefined
  /** Default 3600. */
  tokenTtlSeconds?: number
  clock?: () => number
  logError?: (error: unknown) => void
}

export interface RunningService {
  url: string
  port: number
  /** What was loaded on this start. */
  seeded: 'fixture' | 'demo' | 'nothing'
  store: ServiceStore
  close(): Promise<void>
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1'
  const clock = options.clock ?? Date.now
  const db = openDatabase(options.dataFile)
  try {
    const store = new ServiceStore(db, clock)
    let seeded: RunningService['seeded'] = 'nothing'
    if (options.fixture) {
      await store.load(options.fixture)
      seeded = 'fixture'
    } else if (store.isEmpty()) {
      await store.load(demoFixture(new Date(clock())))
      seeded = 'demo'
    }
    const app = createApp({
      store,
      tokenTtlMs: (options.tokenTtlSeconds ?? 3600) * 1000,
      clock,
      ...(options.logError ? { logError: options.logError } : {}),
    })
    const server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 8787 }, () => resolve(s as Server))
      s.once('error', reject)
    })
    const port = (server.address() as AddressInfo).port
    const shownHost = host.includes(':') ? `[${host}]` : host
    return {
      url: `http://${shownHost}:${port}`,
      port,
      seeded,
      store,
      close: () =>
        new Promise<void>((resolve, reject) => {
          server.close((error) => {
            db.close()
            if (error) reject(error)
            else resolve()
          })
          server.closeAllConnections()
        }),
    }
  } catch (error) {
    db.close()
    throw error
  }
}
