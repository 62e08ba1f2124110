// @vitest-environment jsdom
/** The conflict view's choices and the text they make (pure). */
import { describe, expect, it } from 'vitest'
import type { DraftConflict } from '../../../../src/shared/ipc'
import { contextBefore, resolvedText, startResolution, theirText } from '../../../../src/renderer/src/features/conflicts/resolution'

const CONFLICT: DraftConflict = {
  source: 'save',
  draftId: 'tracekit',
  title: 'Tracekit',
  theirAuthor: null,
  version: 'a'.repeat(64),
  pitch: {
    base: '# T\n\n## Budget\n\nOld.\n\nEnd.\n',
    ours: '# T\n\n## Budget\n\nMine.\n\nEnd.\n',
    theirs: '# T\n\n## Budget\n\nTheirs.\n\nEnd.\n',
    conflicted: true,
    hunks: [
      { kind: 'same', text: '# T\n\n## Budget\n\n' },
      { kind: 'conflict', base: 'Old.\n', ours: 'Mine.\n', theirs: 'Theirs.\n' },
      { kind: 'same', text: '\nEnd.\n' },
    ],
  },
  fields: [
    { name: 'name', label: 'Name', base: 'a', ours: 'b', theirs: 'c' },
    { name: 'repo', label: 'Repository', base: 'x', ours: null, theirs: 'y' },
  ],
  mergedFields: { name: 'b', budget: '10' },
  theirFields: { name: 'c', repo: 'y', budget: '5' },
}

describe('conflict resolution', () => {
  it('starts from my side everywhere, leaving out a field my side removed', () => {
    expect(resolvedText(CONFLICT, startResolution(CONFLICT))).toEqual({ pitch: CONFLICT.pitch.ours, customFields: { name: 'b', budget: '10' } })
  })

  it('makes the text of the choices, place by place and field by field', () => {
    const resolution = { hunks: [{ take: 'edit' as const, text: 'Both.\n' }], fields: { name: { take: 'theirs' as const }, repo: { take: 'theirs' as const } } }
    expect(resolvedText(CONFLICT, resolution)).toEqual({ pitch: '# T\n\n## Budget\n\nBoth.\n\nEnd.\n', customFields: { name: 'c', repo: 'y', budget: '10' } })
  })

  it('says where each place is, and what the other side holds', () => {
    expect(contextBefore(CONFLICT)).toEqual(['## Budget'])
    expect(theirText(CONFLICT)).toEqual({ pitch: CONFLICT.pitch.theirs, customFields: CONFLICT.theirFields })
  })
})
