/**
 * The Drafts list after the team's policy file changes. Each draft's brief counts approvals
 * against `.grant-desk.yaml`, but the listing kept a brief until the draft or its records
 * changed: after the policy went from 1 approval to 2, `drafts.list` still said "0 of 1" where
 * `reviews.get` and `grant-desk review` said "0 of 2", and no window was told (the convergence
 * test, test/faults/convergence.test.ts, found it). Now a change of the policy file at the
 * folder's root remakes every brief and tells every draft as changed.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { coreTest } from '../../../../support/core-test'
import { until } from '../../../../support/git-team'
import { IDS, tempDir } from '../../../../support/service'

coreTest('a policy change reaches the Drafts list and its watchers', async ({ app }) => {
  const folder = tempDir('grant-desk-policy-')
  await app.call('settings.update', { draftsFolder: folder, reviewerName: 'Cy' })
  writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvals: 1\n')
  const draft = await app.call('drafts.create', { grantId: IDS.open })
  // Listed twice, so that the brief is the listing's kept one, not one made for this call.
  await until('a kept brief', async () => (await app.call('drafts.list')).items[0]?.state === 'ok')
  expect((await app.call('drafts.list')).items[0]).toMatchObject({ id: draft.id, review: { approvals: { required: 1 } } })

  const mark = app.events.length
  writeFileSync(join(folder, '.grant-desk.yaml'), 'review:\n  approvals: 2\n')
  await until('drafts.changed for the draft', () =>
    app.events.slice(mark).some(({ event, payload }) => event === 'drafts.changed' && (payload as { ids: string[] }).ids.includes(draft.id)),
  )
  expect((await app.call('reviews.get', { draftId: draft.id })).policy.approvals).toBe(2)
  expect((await app.call('drafts.list')).items[0]).toMatchObject({ id: draft.id, review: { approvals: { required: 2 } } })
})
