/**
 * Password hashing and token handling of the sandbox.
 *
 * - Passwords: scrypt with a random salt, compared in constant time.
 * - Access tokens and api keys: 256 random bits; only their sha256 is stored (the tokens are
 *   high-entropy, so a fast hash is enough to make a stolen database useless for logging in).
 * - The api key must be returned on every login but is never stored in the clear: it is sealed
 *   with AES-256-GCM under a key derived (scrypt) from the user's password, which the sandbox
 *   only has while the user is logging in.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 } as const

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen)
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length)
  return timingSafeEqual(expected, actual)
}

/**
 * A hash to verify against when the email is unknown, so that an unknown email takes as long
 * to refuse as a wrong password and does not reveal which emails have accounts.
 */
export const UNKNOWN_USER_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`

export function newSecret(prefix: 'gst_' | 'gsk_'): string {
  return prefix + randomBytes(32).toString('base64url')
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** `v1.salt.iv.tag.ciphertext`, all base64url. */
export async function sealWithPassword(secret: string, password: string): Promise<string> {
  const salt = randomBytes(16)
  const iv = randomBytes(12)
  const key = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, 32)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', salt, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

/** The sealed secret, or null when the password does not open it (e.g. the password was changed). */
export async function unsealWithPassword(sealed: string, password: string): Promise<string | null> {
  const [version, salt, iv, tag, ciphertext] = sealed.split('.')
  if (version !== 'v1' || !salt || !iv || !tag || ciphertext === undefined) return null
  try {
    const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), SCRYPT.N, SCRYPT.r, SCRYPT.p, 32)
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
