/**
 * What every command shares for its output: the two streams, stderr written out safely (file
 * names and reasons come from files), and errors in the user's terms.
 */
import { relative } from 'node:path'
import { escapeForTerminal } from './terminal'

export interface Io {
  out: (s: string) => void
  err: (s: string) => void
}

/** stderr in a terminal: what came from files (names, reasons) written out, never acted on. */
export function writeErrorEscaped(io: Io, text: string): void {
  io.err(text.split('\n').map(escapeForTerminal).join('\n'))
}

/** An Io whose stderr is escaped, for a command that names files on it. */
export function escapedIo(io: Io): Io {
  return { ...io, err: (s) => writeErrorEscaped(io, s) }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Why a file could not be read, in the user's terms. */
export function readReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file or folder'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  return errorMessage(error)
}

/** A file as the output names it: relative to where the command runs. */
export const displayName = (file: string) => relative(process.cwd(), file) || file
