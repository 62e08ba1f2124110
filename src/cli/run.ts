/** Process entry of the CLI bundle (bin/grant-desk.mjs loads it). */
import { main } from './grant-desk'

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`grant-desk failed unexpectedly: ${(error as Error).stack ?? String(error)}`)
    process.exitCode = 2
  },
)
