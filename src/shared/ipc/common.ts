/** Pieces the contract's schemas share. Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { isHttpUrl } from '../api'

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Channels that take no input accept nothing or `{}`, and refuse anything else. */
export const NoInput = z.strictObject({}).optional()

export const HttpUrl = z.string({ error: 'must be text' }).trim().refine(isHttpUrl, { error: 'must be a web address starting with http:// or https://' })

/** Absolute on POSIX (`/…`) or Windows (`C:\…`, `\\server\…`). */
export const AbsolutePath = z.string({ error: 'must be text' }).refine((value) => /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(value), {
  error: 'must be a full folder path, like /home/you/grant-drafts',
})
