/**
 * docs/cli.md is the CLI's reference: it holds the help text the CLI prints, word for word, so
 * the page cannot fall behind a new command or option.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { USAGE } from '../../../src/cli/usage'

describe('docs/cli.md', () => {
  it('holds the CLI help text as the CLI prints it', () => {
    const page = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8')
    expect(page).toContain('```text\n' + USAGE + '\n```')
  })
})
