/**
 * Every read and write of the sandbox's data. The HTTP layer (app.ts) decides what a request
 * means; this module decides how it is kept.
 */
import { randomUUID } from 'node:crypto'
import type { ApplicationSchema, Credentials, GrantDetail, GrantSummary, GrantType, ListGrantsQuery } from '../shared/api'
import type { Db } from './db'
import type { Fixture, FixtureGrant } from './fixture'
import { UNKNOWN_USER_HASH, hashPassword, newSecret, sealWithPassword, sha256, unsealWithPassword, verifyPassword } from './secrets'

/** A grant as the sandbox keeps it, with its status as of now. */
export interface StoredGrant extends GrantSummary {
  type: GrantType
  description: string
  application_schema: ApplicationSchema
  template_md: string
  deadlineMs: number
}

export type Authentication = { kind: 'user'; userId: string } | { kind: 'expired' } | { kind: 'invalid' }

export type ApplyOutcome = { created: true; applicationId: string } | { created: false; applicationId: string }

interface GrantRow {
  id: string
  title: string
  sponsor: string
  reward: string
  deadline: string
  deadline_ms: number
  status: 'open' | 'closed'
  track: string
  type: GrantType
  description: string
  application_schema: string | null
  template_md: string
}

interface UserRow {
  id: string
  password_hash: string
  api_key_sealed: string | null
}

/** An answer's body as sent: UTF-8 bytes, encoded once. */
export type Bytes = Uint8Array<ArrayBuffer>
const utf8 = new TextEncoder()

/** A grant whose deadline has passed is closed, whatever was stored. */
const EFFECTIVE_STATUS = `CASE WHEN status = 'closed' OR deadline_ms <= @now THEN 'closed' ELSE 'open' END`

export class ServiceStore {
  /**
   * The grant list's JSON per filter, kept until the data changes (`load`) or the next deadline
   * passes (an open grant then shows as closed): the busiest read of the service, answered
   * without a query or a serialisation while nothing changed.
   */
  #listCache = new Map<string, { body: Bytes; computedAt: number; validUntil: number }>()
  #listStatement: ReturnType<Db['prepare']> | null = null
  #nextDeadlineStatement: ReturnType<Db['prepare']> | null = null
  #grantStatement: ReturnType<Db['prepare']> | null = null
  /**
   * A grant's detail as JSON, per id, kept until the data changes (`load`): the detail carries no
   * status (nothing in it changes with the time), and preparing a query, reading the row and
   * serialising it again for every request cost the sandbox 4× the CPU of a bare server.
   */
  #detailCache = new Map<string, Bytes>()

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  isEmpty(): boolean {
    const row = this.db.prepare('SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM grants) AS n').get() as { n: number }
    return row.n === 0
  }

  /** Grants upserted by id, users by email; applications and api keys are left as they are. */
  async load(fixture: Fixture): Promise<void> {
    // Hash first, write after: scrypt is async and a transaction must not span awaits.
    const writes: Array<() => void> = []
    for (const user of fixture.users) {
      const existing = this.userByEmail(user.email)
      if (!existing) {
        const hash = await hashPassword(user.password)
        writes.push(() =>
          this.db.prepare('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)').run(randomUUID(), user.email, hash, this.nowIso()),
        )
      } else if (!(await verifyPassword(user.password, existing.password_hash))) {
        // A new password cannot open the api key sealed under the old one: the key is dropped
        // and a new one issued at the next login (documented in docs/service.md).
        const hash = await hashPassword(user.password)
        writes.push(() => this.db.prepare('UPDATE users SET password_hash = ?, api_key_hash = NULL, api_key_sealed = NULL WHERE id = ?').run(hash, existing.id))
      }
    }
    this.db.transaction(() => {
      for (const write of writes) write()
      for (const grant of fixture.grants) this.upsertGrant(grant)
    })()
    // After the write, so that no request in between caches the old list or detail again.
    this.#listCache.clear()
    this.#detailCache.clear()
  }

  private upsertGrant(grant: FixtureGrant): void {
    this.db
      .prepare(
        `INSERT INTO grants (id, title, sponsor, reward, deadline, deadline_ms, status, track, type,
                             description, application_schema, template_md, updated_at)
         VALUES (@id, @title, @sponsor, @reward, @deadline, @deadline_ms, @status, @track, @type,
                 @description, @application_schema, @template_md, @updated_at)
         ON CONFLICT (id) DO UPDATE SET
           title = excluded.title, sponsor = excluded.sponsor, reward = excluded.reward,
           deadline = excluded.deadline, deadline_ms = excluded.deadline_ms, status = excluded.status,
           track = excluded.track, type = excluded.type, description = excluded.description,
           application_schema = excluded.application_schema, template_md = excluded.template_md,
           updated_at = excluded.updated_at`,
      )
      .run({
        ...grant,
        deadline_ms: Date.parse(grant.deadline),
        application_schema: grant.application_schema === null ? null : JSON.stringify(grant.application_schema),
        updated_at: this.nowIso(),
      })
  }

  private userByEmail(email: string): UserRow | undefined {
    return this.db.prepare('SELECT id, password_hash, api_key_sealed FROM users WHERE email = ?').get(email) as UserRow | undefined
  }

  /**
   * Credentials for a correct email and password, or null. The api key is issued at the first
   * login and the same key is returned on every later one.
   */
  async login(email: string, password: string, tokenTtlMs: number): Promise<Credentials | null> {
    const user = this.userByEmail(email)
    const passwordOk = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH)
    if (!user || !passwordOk) return null

    const apiKey = await this.apiKeyOf(user, password)
    const accessToken = newSecret('gst_')
    const now = this.clock()
    this.db.transaction(() => {
      // Expired tokens are kept a day so that a client using one hears "expired", not "invalid".
      this.db.prepare('DELETE FROM access_tokens WHERE expires_at < ?').run(now - 86_400_000)
      this.db.prepare('INSERT INTO access_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(sha256(accessToken), user.id, now + tokenTtlMs)
    })()
    return { access_token: accessToken, api_key: apiKey }
  }

  /** The user's api key, issued now if they have none yet. */
  private async apiKeyOf(user: UserRow, password: string): Promise<string> {
    const existing = user.api_key_sealed ? await unsealWithPassword(user.api_key_sealed, password) : null
    if (existing !== null) return existing
    const apiKey = newSecret('gsk_')
    const sealed = await sealWithPassword(apiKey, password)
    // Only if nobody issued one meanwhile: two first logins at once must end with one key.
    const issued = this.db
      .prepare('UPDATE users SET api_key_hash = ?, api_key_sealed = ? WHERE id = ? AND api_key_sealed IS ?')
      .run(sha256(apiKey), sealed, user.id, user.api_key_sealed)
    if (issued.changes === 1) return apiKey
    const winner = this.db.prepare('SELECT api_key_sealed FROM users WHERE id = ?').get(user.id) as { api_key_sealed: string | null } | undefined
    const key = winner?.api_key_sealed ? await unsealWithPassword(winner.api_key_sealed, password) : null
    if (key === null) throw new Error(`api key of user ${user.id} changed during login and cannot be opened`)
    return key
  }

  /** Who a bearer token (access token or api key) belongs to. */
  authenticate(token: string): Authentication {
    const hash = sha256(token)
    const byKey = this.db.prepare('SELECT id FROM users WHERE api_key_hash = ?').get(hash) as { id: string } | undefined
    if (byKey) return { kind: 'user', userId: byKey.id }
    const byToken = this.db.prepare('SELECT user_id, expires_at FROM access_tokens WHERE token_hash = ?').get(hash) as
      { user_id: string; expires_at: number } | undefined
    if (!byToken) return { kind: 'invalid' }
    if (byToken.expires_at <= this.clock()) return { kind: 'expired' }
    return { kind: 'user', userId: byToken.user_id }
  }

  /** Sorted by deadline ascending, then title and id so that the order is stable. */
  listGrants(query: Required<Pick<ListGrantsQuery, 'status'>> & Pick<ListGrantsQuery, 'type'>, now = this.clock()): GrantSummary[] {
    this.#listStatement ??= this.db.prepare(
      `SELECT id, title, sponsor, reward, deadline, ${EFFECTIVE_STATUS} AS status, track FROM grants
       WHERE (@status = 'all' OR ${EFFECTIVE_STATUS} = @status)
         AND (@type IS NULL OR type = @type)
       ORDER BY deadline_ms, title, id`,
    )
    return this.#listStatement.all({ now, status: query.status, type: query.type ?? null }) as GrantSummary[]
  }

  /**
   * `{items, count}` of `listGrants` as JSON, UTF-8 encoded (the bytes sent, encoded once), from
   * the cache while it holds (see `#listCache`).
   */
  listGrantsBody(query: Required<Pick<ListGrantsQuery, 'status'>> & Pick<ListGrantsQuery, 'type'>): Bytes {
    const now = this.clock()
    const key = `${query.status}|${query.type ?? ''}`
    const cached = this.#listCache.get(key)
    // A clock that went back (tests move it) could reopen a grant: computed afresh then.
    if (cached && now >= cached.computedAt && now < cached.validUntil) return cached.body
    const items = this.listGrants(query, now)
    const body = utf8.encode(JSON.stringify({ items, count: items.length }))
    this.#nextDeadlineStatement ??= this.db.prepare(`SELECT MIN(deadline_ms) AS next FROM grants WHERE status <> 'closed' AND deadline_ms > @now`)
    const next = (this.#nextDeadlineStatement.get({ now }) as { next: number | null }).next
    this.#listCache.set(key, { body, computedAt: now, validUntil: next ?? Number.POSITIVE_INFINITY })
    return body
  }

  getGrant(id: string): StoredGrant | undefined {
    this.#grantStatement ??= this.db.prepare(`SELECT *, ${EFFECTIVE_STATUS} AS status FROM grants WHERE id = @id`)
    const row = this.#grantStatement.get({ id, now: this.clock() }) as GrantRow | undefined
    if (!row) return undefined
    return {
      id: row.id,
      title: row.title,
      sponsor: row.sponsor,
      reward: row.reward,
      deadline: row.deadline,
      deadlineMs: row.deadline_ms,
      status: row.status,
      track: row.track,
      type: row.type,
      description: row.description,
      application_schema: row.application_schema === null ? null : (JSON.parse(row.application_schema) as ApplicationSchema),
      template_md: row.template_md,
    }
  }

  /**
   * get_grant's answer as JSON, UTF-8 encoded: exactly the spec's detail fields (not `sponsor`,
   * `status` or `track`, so that clients never come to rely on them there), from the cache while
   * it holds (see `#detailCache`). Undefined when there is no such grant.
   */
  grantDetailBody(id: string): Bytes | undefined {
    const cached = this.#detailCache.get(id)
    if (cached !== undefined) return cached
    const grant = this.getGrant(id)
    if (!grant) return undefined
    const detail: GrantDetail = {
      id: grant.id,
      title: grant.title,
      description: grant.description,
      reward: grant.reward,
      deadline: grant.deadline,
      application_schema: grant.application_schema,
      template_md: grant.template_md,
      _apply_endpoint: `POST /api/build/${grant.id}/apply`,
    }
    const body = utf8.encode(JSON.stringify(detail))
    this.#detailCache.set(id, body)
    return body
  }

  findApplication(userId: string, grantId: string): string | undefined {
    const row = this.db.prepare('SELECT id FROM applications WHERE user_id = ? AND grant_id = ?').get(userId, grantId) as { id: string } | undefined
    return row?.id
  }

  /**
   * Creates the user's application to the grant unless one exists. The UNIQUE (user, grant)
   * constraint decides, so two requests racing each other cannot both create one.
   */
  apply(userId: string, grantId: string, pitch: string, customFields: Record<string, string> | undefined): ApplyOutcome {
    const id = randomUUID()
    const result = this.db
      .prepare(
        `INSERT INTO applications (id, user_id, grant_id, pitch, custom_fields, status, created_at)
         VALUES (?, ?, ?, ?, ?, 'pending', ?)
         ON CONFLICT (user_id, grant_id) DO NOTHING`,
      )
      .run(id, userId, grantId, pitch, customFields === undefined ? null : JSON.stringify(customFields), this.nowIso())
    if (result.changes === 1) return { created: true, applicationId: id }
    const existing = this.findApplication(userId, grantId)
    if (!existing) throw new Error(`application of ${userId} to ${grantId} neither created nor found`)
    return { created: false, applicationId: existing }
  }

  addFeedback(skill: string, issue: string, userId: string | null): string {
    const id = randomUUID()
    this.db.prepare('INSERT INTO feedback (id, skill, issue, user_id, created_at) VALUES (?, ?, ?, ?, ?)').run(id, skill, issue, userId, this.nowIso())
    return id
  }

  private nowIso(): string {
    return new Date(this.clock()).toISOString()
  }
}
