/**
 * The layers of docs/architecture.md are rules, not wishes: each import that breaks one is
 * refused by `npm run lint` (eslint.config.js). Checked here on small files as they would sit in
 * the tree, linted by the project's own configuration (the type-checked rules left out: these
 * files are not on disk, and their types are not what is tested).
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { cycles, groupGraph, importGraph } from '../../../scripts/lint/import-graph.mjs'
import { SHARED_PARTS, rendererFolder } from '../../../scripts/lint/layers.mjs'

const PROJECT = fileURLToPath(new URL('../../..', import.meta.url))
const eslint = new ESLint({ cwd: PROJECT, overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }] })

/** The rules that refuse `code` placed at `file` (a path in the project). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(PROJECT, file) })
  return result!.messages.map((message) => message.ruleId ?? `parse: ${message.message}`)
}

describe('the layer rules', () => {
  it('let each layer import its own and the layers below', async () => {
    expect(
      await refusals(
        'src/renderer/src/features/drafts/Probe.tsx',
        "import { useDrafts } from '../../state/drafts'\nimport { ErrorNotice } from '../../components/ErrorNotice'\nimport { call } from '../../lib/bridge'\nimport { CalendarButton } from '../reminders'\nexport const probe = [useDrafts, ErrorNotice, call, CalendarButton]\n",
      ),
    ).toEqual([])
    expect(
      await refusals(
        'src/renderer/src/state/drafts/probe.ts',
        "import { call } from '../../lib/bridge'\nimport { ERROR_CODES } from '../../../../shared/ipc'\nexport const probe = [call, ERROR_CODES]\n",
      ),
    ).toEqual([])
    expect(await refusals('src/cli/probe.ts', "import { reviewCopyOfDraft } from '../main/core'\nexport const probe = reviewCopyOfDraft\n")).toEqual([])
  })

  it('refuse an import that runs back up a layer of the renderer', async () => {
    expect(
      await refusals('src/renderer/src/state/drafts/probe.ts', "import { DraftsList } from '../../features/drafts'\nexport const probe = DraftsList\n"),
    ).toContain('boundaries/dependencies')
    expect(await refusals('src/renderer/src/lib/probe.ts', "import { useDrafts } from '../state/drafts'\nexport const probe = useDrafts\n")).toContain(
      'boundaries/dependencies',
    )
    expect(
      await refusals('src/renderer/src/components/Probe.tsx', "import { DraftsList } from '../features/drafts'\nexport const probe = DraftsList\n"),
    ).toContain('boundaries/dependencies')
  })

  it("refuse a feature reaching into another feature's files instead of its index.ts", async () => {
    expect(
      await refusals(
        'src/renderer/src/features/drafts/Probe.tsx',
        "import { CalendarButton } from '../reminders/CalendarButton'\nexport const probe = CalendarButton\n",
      ),
    ).toContain('boundaries/dependencies')
  })

  it("let a feature use its own state area's files, and any other part an area only through its index.ts", async () => {
    // features/editor and state/editor are one area: the feature may use the area's files.
    expect(
      await refusals(
        'src/renderer/src/features/editor/Probe.tsx',
        "import { useEditorSide } from '../../state/editor/editorSide'\nexport const probe = useEditorSide\n",
      ),
    ).toEqual([])
    // Another area's state through its index.ts, from a feature, a state area, a component and the app shell.
    expect(
      await refusals('src/renderer/src/features/review/Probe.tsx', "import { useEditor } from '../../state/editor'\nexport const probe = useEditor\n"),
    ).toEqual([])
    expect(await refusals('src/renderer/src/state/review/probe.ts', "import { useEditor } from '../editor'\nexport const probe = useEditor\n")).toEqual([])
    expect(
      await refusals('src/renderer/src/state/review/probe.ts', "import { createReviewStore } from './reviewStore'\nexport const probe = createReviewStore\n"),
    ).toEqual([])
    expect(
      await refusals('src/renderer/src/components/Probe.tsx', "import { useSettings } from '../state/settings'\nexport const probe = useSettings\n"),
    ).toEqual([])
    expect(await refusals('src/renderer/src/Probe.tsx', "import { useNavigation } from './state/app'\nexport const probe = useNavigation\n")).toEqual([])

    // Past the index.ts into another area's files: refused from each of them.
    const sideDoors: [string, string][] = [
      ['src/renderer/src/features/review/Probe.tsx', "import { useEditorSide } from '../../state/editor/editorSide'\nexport const probe = useEditorSide\n"],
      ['src/renderer/src/features/editor/Probe.tsx', "import { useSuggesting } from '../../state/review/suggesting'\nexport const probe = useSuggesting\n"],
      ['src/renderer/src/state/review/probe.ts', "import { createEditorStore } from '../editor/editorStore'\nexport const probe = createEditorStore\n"],
      ['src/renderer/src/state/grants/probe.ts', "import { createStore } from '../store/store'\nexport const probe = createStore\n"],
      ['src/renderer/src/components/Probe.tsx', "import { useSettings } from '../state/settings/settings'\nexport const probe = useSettings\n"],
      ['src/renderer/src/Probe.tsx', "import { useNavigation } from './state/app/navigation'\nexport const probe = useNavigation\n"],
    ]
    for (const [file, code] of sideDoors) expect(await refusals(file, code), file).toContain('boundaries/dependencies')
  })

  it('keep zustand behind state/store, and a store changed only by its own module', async () => {
    expect(await refusals('src/renderer/src/features/drafts/Probe.tsx', "import { create } from 'zustand'\nexport const probe = create\n")).toContain(
      'no-restricted-imports',
    )
    expect(await refusals('src/renderer/src/state/grants/probe.ts', "import { create } from 'zustand'\nexport const probe = create\n")).toContain(
      'no-restricted-imports',
    )
    expect(
      await refusals(
        'src/renderer/src/state/grants/probe.ts',
        "import { useGrants } from './grants'\nexport const probe = () => useGrants.setState({ loadedAt: null })\n",
      ),
    ).toContain('local/no-foreign-set-state')
    expect(
      await refusals(
        'src/renderer/src/state/grants/probe.ts',
        "import { createStore } from '../store'\nexport const useProbe = createStore<{ n: number }>(() => ({ n: 0 }))\nexport const bump = () => useProbe.setState({ n: 1 })\n",
      ),
    ).toEqual([])
  })

  it('keep electron out of the core, Node and the DOM out of shared, and the CLI on the core’s public API', async () => {
    expect(await refusals('src/main/core/probe.ts', "import { app } from 'electron'\nexport const probe = app\n")).toContain('no-restricted-imports')
    expect(await refusals('src/shared/probe.ts', "import { readFileSync } from 'node:fs'\nexport const probe = readFileSync\n")).toContain(
      'no-restricted-imports',
    )
    expect(await refusals('src/shared/probe.ts', 'export const probe = () => document.title\n')).toContain('no-restricted-globals')
    expect(await refusals('src/shared/probe.ts', 'export const probe = () => process.env\n')).toContain('no-restricted-globals')
    expect(await refusals('src/cli/probe.ts', "import { draftView } from '../main/core/drafts/view'\nexport const probe = draftView\n")).toContain(
      'boundaries/dependencies',
    )
    expect(await refusals('src/shared/probe.ts', "import { createCore } from '../main/core/core'\nexport const probe = createCore\n")).toContain(
      'boundaries/dependencies',
    )
    // The demo logins reach the core through the environment, not by importing the sandbox.
    expect(await refusals('src/main/core/probe.ts', "import { DEMO_USERS } from '../../service/demo-data'\nexport const probe = DEMO_USERS\n")).toContain(
      'boundaries/dependencies',
    )
  })
})

describe("the core's storage layer and the services over it", () => {
  it('let the services use the storage layer through its door, and the storage layer the Node file system', async () => {
    const viaDoor = "import { readDirectory } from '../folder'\nexport const probe = readDirectory\n"
    for (const area of ['drafts', 'reviews', 'history', 'sync']) expect(await refusals(`src/main/core/${area}/probe.ts`, viaDoor), area).toEqual([])
    expect(await refusals('src/main/core/probe.ts', "import { draftVersion } from './folder'\nexport const probe = draftVersion\n")).toEqual([])
    expect(
      await refusals(
        'src/main/core/folder/probe.ts',
        "import { lstat } from 'node:fs/promises'\nimport writeFileAtomic from 'write-file-atomic'\nimport { AppFailure } from '../errors'\nexport const probe = [lstat, writeFileAtomic, AppFailure]\n",
      ),
    ).toEqual([])
    // The CLI's public API loads only the modules a command runs.
    expect(await refusals('src/main/core/public/probe.ts', "import { readRegularFile } from '../folder/fs'\nexport const probe = readRegularFile\n")).toEqual(
      [],
    )
  })

  it("refuse a module of the storage layer's insides from above it, and the storage layer importing a service", async () => {
    const pastDoor = "import { readDirectory } from '../folder/names'\nexport const probe = readDirectory\n"
    for (const area of ['drafts', 'reviews', 'history', 'sync']) {
      expect(await refusals(`src/main/core/${area}/probe.ts`, pastDoor), area).toContain('boundaries/dependencies')
    }
    expect(await refusals('src/main/core/probe.ts', "import { withFileLock } from './folder/file-lock'\nexport const probe = withFileLock\n")).toContain(
      'boundaries/dependencies',
    )
    expect(await refusals('src/main/core/folder/probe.ts', "import { DraftStore } from '../drafts'\nexport const probe = DraftStore\n")).toContain(
      'boundaries/dependencies',
    )
    expect(await refusals('src/main/core/folder/probe.ts', "import { ReviewService } from '../reviews'\nexport const probe = ReviewService\n")).toContain(
      'boundaries/dependencies',
    )
  })

  it('refuse the drafts and review services importing each other (the listing gets briefs through a port)', async () => {
    expect(await refusals('src/main/core/drafts/probe.ts', "import { readReviewBrief } from '../reviews'\nexport const probe = readReviewBrief\n")).toContain(
      'boundaries/dependencies',
    )
    expect(await refusals('src/main/core/reviews/probe.ts', "import { DraftStore } from '../drafts'\nexport const probe = DraftStore\n")).toContain(
      'boundaries/dependencies',
    )
    // core.ts composes them: it may use both.
    expect(
      await refusals(
        'src/main/core/probe.ts',
        "import { DraftStore } from './drafts'\nimport { readReviewBrief } from './reviews'\nexport const probe = [DraftStore, readReviewBrief]\n",
      ),
    ).toEqual([])
  })

  it('refuse the file system in the services over the drafts folder, but for the listed exceptions', async () => {
    const touches = [
      "import { readFile } from 'node:fs/promises'\nexport const probe = readFile\n",
      "import { lstat } from 'fs/promises'\nexport const probe = lstat\n",
      "import { watch } from 'node:fs'\nexport const probe = watch\n",
      "import writeFileAtomic from 'write-file-atomic'\nexport const probe = writeFileAtomic\n",
      "import lockfile from 'proper-lockfile'\nexport const probe = lockfile\n",
    ]
    for (const code of touches) {
      expect(await refusals('src/main/core/drafts/probe.ts', code), code).toContain('no-restricted-imports')
      expect(await refusals('src/main/core/reviews/probe.ts', code), code).toContain('no-restricted-imports')
    }
    // Still no electron in them (the rule above replaces the core's, so it says both).
    expect(await refusals('src/main/core/drafts/probe.ts', "import { app } from 'electron'\nexport const probe = app\n")).toContain('no-restricted-imports')
    // ssh-keygen's temporary files are no file of the drafts folder.
    expect(await refusals('src/main/core/reviews/signing/probe.ts', touches[0]!)).not.toContain('no-restricted-imports')
  })
})

describe('the parts of src/shared and their doors', () => {
  it('let code outside src/shared use each part through its index.ts, and a part its own files', async () => {
    expect(
      await refusals(
        'src/renderer/src/state/probe.ts',
        "import { ERROR_CODES } from '../../../shared/ipc'\nimport { plural } from '../../../shared/text'\nimport { locateQuote } from '../../../shared/review'\nexport const probe = [ERROR_CODES, plural, locateQuote]\n",
      ),
    ).toEqual([])
    expect(await refusals('src/main/core/probe.ts', "import { parseDraftFile } from '../../shared/draft-file'\nexport const probe = parseDraftFile\n")).toEqual(
      [],
    )
    expect(await refusals('src/shared/review/probe.ts', "import { quoteAt } from './anchor'\nexport const probe = quoteAt\n")).toEqual([])
    expect(await refusals('src/shared/checklist/probe.ts', "import { ReviewData } from '../review'\nexport const probe = ReviewData\n")).toEqual([])
  })

  it("refuse an import of a part's inner file from outside it", async () => {
    // The deep import the issue names: a plan rule's helper, from the renderer, past the checklist's door.
    expect(
      await refusals(
        'src/renderer/src/features/editor/Probe.tsx',
        "import { isUnitHeading } from '../../../../shared/checklist/rules/plan/units'\nexport const probe = isUnitHeading\n",
      ),
    ).toContain('boundaries/dependencies')
    expect(await refusals('src/main/core/probe.ts', "import { RecordId } from '../../shared/review/records'\nexport const probe = RecordId\n")).toContain(
      'boundaries/dependencies',
    )
    expect(await refusals('src/preload/probe.ts', "import { IPC_CHANNELS } from '../shared/ipc/names'\nexport const probe = IPC_CHANNELS\n")).toContain(
      'boundaries/dependencies',
    )
    // Inside src/shared too: another part is entered through its door.
    expect(await refusals('src/shared/checklist/probe.ts', "import { ReviewData } from '../review/view'\nexport const probe = ReviewData\n")).toContain(
      'boundaries/dependencies',
    )
  })

  it('refuse a part importing a part the table does not list for it (one that sits above it, or beside it)', async () => {
    expect(await refusals('src/shared/review/probe.ts', "import { lint } from '../checklist'\nexport const probe = lint\n")).toContain(
      'boundaries/dependencies',
    )
    expect(await refusals('src/shared/ipc/probe.ts', "import { lint } from '../checklist'\nexport const probe = lint\n")).toContain('boundaries/dependencies')
    expect(await refusals('src/shared/text/probe.ts', "import { Id } from '../api'\nexport const probe = Id\n")).toContain('boundaries/dependencies')
    expect(await refusals('src/shared/review/probe.ts', "import { parseDraftFile } from '../draft-file'\nexport const probe = parseDraftFile\n")).toContain(
      'boundaries/dependencies',
    )
  })

  it('refuse a file straight in src/shared, outside every part', async () => {
    expect(await refusals('src/shared/probe.ts', "import { plural } from './text'\nexport const probe = plural\n")).toContain('boundaries/dependencies')
  })

  it('list the parts lowest first, each using only parts below it, so no two parts can import each other round', () => {
    const names = SHARED_PARTS.map((part) => part.name)
    for (const [index, part] of SHARED_PARTS.entries()) {
      for (const used of part.uses) expect(names.indexOf(used), `${part.name} uses ${used}`).toBeGreaterThanOrEqual(0)
      for (const used of part.uses) expect(names.indexOf(used), `${part.name} uses ${used}, listed above it`).toBeLessThan(index)
    }
  })
})

describe('the pure test tier', () => {
  it('refuses a process, the network or a real collaborator in test/unit, and allows them in test/integration', async () => {
    const spawnsGit = "import { execFile } from 'node:child_process'\nexport const probe = execFile\n"
    const startsSandbox = "import { startTestService } from '../support/service'\nexport const probe = startTestService\n"
    const listens = "import { createServer } from 'node:http'\nexport const probe = createServer\n"
    for (const code of [spawnsGit, startsSandbox, listens]) {
      expect(await refusals('test/unit/probe.test.ts', code)).toContain('no-restricted-imports')
      expect(await refusals('test/integration/probe.test.ts', code)).not.toContain('no-restricted-imports')
    }
    expect(await refusals('test/unit/probe.test.ts', "import { lint } from '../../src/shared/checklist'\nexport const probe = lint\n")).toEqual([])
  })
})

describe('the import graph behind local/no-import-cycle', () => {
  const root = mkdtempSync(join(tmpdir(), 'grant-desk-graph-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('finds a circle, type-only imports included, and nothing in a tree without one', () => {
    mkdirSync(join(root, 'src/renderer/src/state'), { recursive: true })
    const write = (name: string, text: string) => writeFileSync(join(root, 'src/renderer/src/state', name), text)
    write('a.ts', "import { b } from './b'\nexport const a = () => b\n")
    write('b.ts', "import type { C } from './c'\nexport const b: C | null = null\n")
    write('c.ts', "export type C = 'c'\n")
    expect(cycles(importGraph(root))).toEqual([])
    write('c.ts', "import { a } from './a'\nexport type C = ReturnType<typeof a>\n")
    const found = cycles(importGraph(root))
    expect(found).toHaveLength(1)
    expect(found[0]!.map((file) => file.slice(root.length))).toEqual([
      '/src/renderer/src/state/a.ts',
      '/src/renderer/src/state/b.ts',
      '/src/renderer/src/state/c.ts',
    ])
  })

  it('finds two state areas that import each other round through their index.ts files, with no file-level circle', () => {
    const area = join(root, 'areas')
    const write = (name: string, text: string) => {
      mkdirSync(join(area, 'src/renderer/src/state', name, '..'), { recursive: true })
      writeFileSync(join(area, 'src/renderer/src/state', name), text)
    }
    write('a/index.ts', "export { z } from './z'\n")
    write('a/z.ts', 'export const z = 1\n')
    write('a/x.ts', "import { y } from '../b'\nexport const x = y\n")
    write('b/index.ts', "export { y } from './y'\n")
    write('b/y.ts', 'export const y = 2\n')
    const graph = () => importGraph(area)
    expect(cycles(groupGraph(graph(), (file: string) => rendererFolder(area, file)))).toEqual([])
    write('b/y.ts', "import { z } from '../a'\nexport const y = z\n")
    expect(cycles(graph())).toEqual([])
    expect(cycles(groupGraph(graph(), (file: string) => rendererFolder(area, file))).map((one) => [...one].sort())).toEqual([['state/a', 'state/b']])
  })
})
