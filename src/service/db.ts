/**
 * The sandbox's SQLite database: WAL, foreign keys on, and migrations kept in code so a data
 * file made by an older sandbox is brought up to date on start.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

/** Append only: each entry moves `user_version` from its index to index + 1. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id             TEXT PRIMARY KEY,
    email          TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash  TEXT NOT NULL,          -- scrypt, see secrets.ts
    api_key_hash   TEXT UNIQUE,            -- sha256 of the api key; NULL until first login
    api_key_sealed TEXT,                   -- the api key sealed with a key derived from the password
    created_at     TEXT NOT NULL
  );
  CREATE TABLE access_tokens (
    token_hash TEXT PRIMARY KEY,           -- sha256 of the token; the token itself is never stored
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL            -- epoch milliseconds
  );
  CREATE INDEX access_tokens_by_expiry ON access_tokens(expires_at);
  CREATE TABLE grants (
    id                 TEXT PRIMARY KEY,
    title              TEXT NOT NULL,
    sponsor            TEXT NOT NULL,
    reward             TEXT NOT NULL,
    deadline           TEXT NOT NULL,      -- ISO 8601 as given
    deadline_ms        INTEGER NOT NULL,   -- the same instant, for comparing and sorting
    status             TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    track              TEXT NOT NULL,
    type               TEXT NOT NULL CHECK (type IN ('grant', 'bounty')),
    description        TEXT NOT NULL,
    application_schema TEXT,               -- JSON array, or NULL for a free-form application
    template_md        TEXT NOT NULL,
    updated_at         TEXT NOT NULL
  );
  CREATE INDEX grants_by_deadline ON grants(deadline_ms, title, id);
  CREATE TABLE applications (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users(id),
    grant_id      TEXT NOT NULL REFERENCES grants(id),
    pitch         TEXT NOT NULL,
    custom_fields TEXT,                    -- JSON object as sent; NULL when none was sent
    status        TEXT NOT NULL DEFAULT 'pending',
    created_at    TEXT NOT NULL,
    UNIQUE (user_id, grant_id)             -- one application per user and grant, enforced here
  );
  CREATE TABLE feedback (
    id         TEXT PRIMARY KEY,
    skill      TEXT NOT NULL,
    issue      TEXT NOT NULL,
    user_id    TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
  );
  `,
]

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db, file)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function migrate(db: Db, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > MIGRATIONS.length) {
    throw new Error(
      `${file} was written by a newer sandbox (schema version ${version}, this one knows ${MIGRATIONS.length}); ` +
        'update the app or point GRANT_SERVICE_DATA at another file',
    )
  }
  for (let next = version; next < MIGRATIONS.length; next++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[next]!)
      db.pragma(`user_version = ${next + 1}`)
    })()
  }
}
