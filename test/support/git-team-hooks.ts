/**
 * The vitest hooks of a spec file whose tests each start from a fresh git team (test/support/
 * git-team.ts): one sandbox service for the file, a new bare remote and clones for every test,
 * all disposed of after it. Kept apart from git-team.ts, which the Playwright specs import too.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startGitTeam, type GitTeam, type Teammate } from './git-team'
import { startTestService, testFixture, type TestService } from './service'

/** Before each test: a new team, handed to `start` with the file's service (to clone teammates, say). */
export function useGitTeam(start: (team: GitTeam, service: TestService) => Promise<void> | void): void {
  let service: TestService | undefined
  let team: GitTeam | undefined
  beforeAll(async () => {
    service = await startTestService({ fixture: testFixture() })
  })
  afterAll(async () => {
    await service?.dispose()
  })
  beforeEach(async () => {
    team = await startGitTeam({ serviceUrl: service!.url })
    await start(team, service!)
  })
  afterEach(async () => {
    await team?.dispose()
    team = undefined
  })
}

export interface AdaAndBen {
  service: TestService
  team: GitTeam
  ada: Teammate
  ben: Teammate
}

/** Before each test: a new team with two teammates, Ada and Ben, each with a clone of the remote. */
export function useAdaAndBen(take: (crew: AdaAndBen) => void): void {
  useGitTeam(async (team, service) => {
    take({ service, team, ada: await team.clone('Ada'), ben: await team.clone('Ben') })
  })
}
