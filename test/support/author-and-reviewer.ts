/**
 * Two teammates on one synced drafts folder, as two real cores (an author, Ada, and a reviewer,
 * Ben) with real files and a real sandbox for the grants: the setup of the tests of team review
 * through a shared folder. `useAuthorAndReviewer` registers the hooks and hands over the pair
 * for each test.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startTestCore, type TestCore } from './core'
import { startTestService, tempDir, testFixture, type TestService } from './service'

export interface AuthorAndReviewer {
  folder: string
  author: TestCore
  reviewer: TestCore
}

export function useAuthorAndReviewer(folderPrefix: string, take: (pair: AuthorAndReviewer) => void): void {
  let service: TestService
  let pair: AuthorAndReviewer | null = null
  beforeAll(async () => {
    service = await startTestService({ fixture: testFixture() })
  })
  afterAll(async () => {
    await service.close()
  })
  beforeEach(async () => {
    const folder = tempDir(folderPrefix)
    const author = await startTestCore({ serviceUrl: service.url })
    const reviewer = await startTestCore({ serviceUrl: service.url })
    await author.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
    await reviewer.call('settings.update', { draftsFolder: folder, reviewerName: 'Ben' })
    pair = { folder, author, reviewer }
    take(pair)
  })
  afterEach(async () => {
    await pair?.author.dispose()
    await pair?.reviewer.dispose()
    pair = null
  })
}
