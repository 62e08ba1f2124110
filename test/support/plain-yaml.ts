import { expect } from 'vitest'
import { parseDocument } from 'yaml'
import { readPlainYaml } from '../../src/shared/text'

/**
 * Whether the plain reader (src/shared/text/plain-yaml.ts) read `text`, failing the test when it
 * read it otherwise than yaml: whenever it reads a text, yaml must read that text without an
 * error (with the records' options) and to the same value, key for key and in the same order.
 */
export function readsAsYaml(text: string): boolean {
  const plain = readPlainYaml(text)
  if (plain === undefined) return false
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false })
  expect(
    document.errors.map((error) => error.message),
    text,
  ).toEqual([])
  const value: unknown = document.toJS({ maxAliasCount: 100 })
  expect(plain, text).toStrictEqual(value)
  expect(JSON.stringify(plain), text).toBe(JSON.stringify(value))
  return true
}
