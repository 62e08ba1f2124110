/**
 * `coreTest`: a Vitest test with a real sandbox and a real core pointed at it, as fixtures
 * (`test.extend`) instead of the same beforeEach/afterEach pasted into each file. Each test that
 * names `app` (or `service`) gets its own sandbox on an ephemeral port with the tests' fixture
 * and its own core on a temporary data folder; both are disposed after the test, core first,
 * whether it passed or not.
 *
 *   coreTest('lists open grants', async ({ app }) => { … })
 *
 * A file that needs the sandbox started differently sets `serviceOptions` for its tests:
 * `const test = coreTest.scoped({ serviceOptions: { tokenTtlSeconds: 60 } })`.
 */
import { test } from 'vitest'
import type { ServiceOptions } from '../../src/service/server'
import { startTestCore, type TestCore } from './core'
import { startTestService, testFixture, type TestService } from './service'

export interface CoreFixtures {
  /** How the sandbox is started (the tests' fixture unless it says otherwise). */
  serviceOptions: Partial<ServiceOptions>
  service: TestService
  app: TestCore
}

export const coreTest = test.extend<CoreFixtures>({
  serviceOptions: {},
  service: async ({ serviceOptions }, use) => {
    const service = await startTestService({ fixture: testFixture(), ...serviceOptions })
    await use(service)
    await service.dispose()
  },
  app: async ({ service }, use) => {
    const app = await startTestCore({ serviceUrl: service.url })
    await use(app)
    await app.dispose()
  },
})
