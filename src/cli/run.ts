/** Process entry of the CLI bundle (bin/grant-desk.mjs loads it). */
import { main } from './grant-desk'

/** Settles once everything written to `stream` before it has been handed to the system (a write's callbacks run in order). */
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()))

/**
 * The process ends once the command's answer is written, not when the event loop empties: every
 * command awaits its own work, and what is left then is libraries' timers. simple-git waits
 * 50 ms after each git's exit (for a `close` that has come already), so a `grant-desk sync`
 * with nothing to do sat idle for that long after printing its answer (issue 34).
 */
async function end(code: number): Promise<never> {
  process.exitCode = code
  await Promise.all([flushed(process.stdout), flushed(process.stderr)])
  process.exit(code)
}

main(process.argv.slice(2)).then(
  (code) => end(code),
  (error: unknown) => {
    console.error(`grant-desk failed unexpectedly: ${(error as Error).stack ?? String(error)}`)
    return end(2)
  },
)
