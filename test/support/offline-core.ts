/**
 * A real core on a data folder of the test's, that never reaches a grant service (its address
 * answers nothing, so the reminders' look at the service fails at once and is only logged): for
 * tests of what the core does with its own files.
 */
import { join } from 'node:path'
import { type Core, type CoreOptions, createCore } from '../../src/main/core/core'
import { silentLogger } from '../../src/main/core/errors'
import { MemorySecretStore } from '../../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../../src/main/core/settings'

export async function offlineCore(dataDir: string, options: Partial<CoreOptions> = {}): Promise<Core> {
  return createCore({
    dataDir,
    secrets: new MemorySecretStore(),
    settings: await JsonFileSettingsBackend.open(join(dataDir, 'settings.json')),
    env: { GRANT_SERVICE_URL: 'http://127.0.0.1:9' },
    log: silentLogger,
    ...options,
  })
}
