/**
 * Fixture files: users and grants to load into the sandbox (`--fixture FILE` or
 * `GRANT_SERVICE_FIXTURE`). Built from the shared resource schemas so a fixture grant is
 * exactly a grant summary plus what the detail and the list filter need.
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { ApplicationSchema, GrantSummary, GrantType, LoginRequest, formatIssuePath } from '../shared/api'

export const FixtureGrant = GrantSummary.extend({
  type: GrantType,
  description: z.string(),
  application_schema: ApplicationSchema,
  template_md: z.string(),
}).superRefine((grant, ctx) => {
  const names = new Set<string>()
  grant.application_schema?.forEach((field, index) => {
    if (names.has(field.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['application_schema', index, 'name'],
        message: `duplicate field name "${field.name}"`,
      })
    }
    names.add(field.name)
  })
})
export type FixtureGrant = z.infer<typeof FixtureGrant>

export const FixtureUser = LoginRequest
export type FixtureUser = z.infer<typeof FixtureUser>

export const Fixture = z
  .object({
    users: z.array(FixtureUser).default([]),
    grants: z.array(FixtureGrant).default([]),
  })
  .superRefine((fixture, ctx) => {
    const ids = new Set<string>()
    fixture.grants.forEach((grant, index) => {
      if (ids.has(grant.id)) {
        ctx.addIssue({ code: 'custom', path: ['grants', index, 'id'], message: `duplicate id ${grant.id}` })
      }
      ids.add(grant.id)
    })
    const emails = new Set<string>()
    fixture.users.forEach((user, index) => {
      const email = user.email.toLowerCase()
      if (emails.has(email)) {
        ctx.addIssue({ code: 'custom', path: ['users', index, 'email'], message: `duplicate email ${user.email}` })
      }
      emails.add(email)
    })
  })
export type Fixture = z.infer<typeof Fixture>

export class FixtureError extends Error {
  override name = 'FixtureError'
}

/** Validates parsed JSON; the error lists every bad path, e.g. `grants[3].deadline: invalid ISO date`. */
export function parseFixture(data: unknown, source = 'fixture'): Fixture {
  const result = Fixture.safeParse(data)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${formatIssuePath(issue.path) || '(root)'}: ${issue.message}`)
  throw new FixtureError(`${source} is not a valid fixture:\n${lines.join('\n')}`)
}

export async function readFixtureFile(file: string): Promise<Fixture> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new FixtureError(`cannot read fixture ${file}: ${(error as Error).message}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new FixtureError(`fixture ${file} is not JSON: ${(error as Error).message}`)
  }
  return parseFixture(data, `fixture ${file}`)
}
