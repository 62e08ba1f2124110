// @vitest-environment jsdom
import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SettingsView } from '../../../../../src/shared/ipc'
import { applyRememberedTheme, resolveColorMode, useAppliedTheme, useColorMode } from '../../../../../src/renderer/src/state/settings/theme'
import { useSettings } from '../../../../../src/renderer/src/state/settings'
import { settingsView } from '../../settingsView'

const VIEW: SettingsView = settingsView()

function Frame() {
  useAppliedTheme()
  return <span data-testid="mode">{useColorMode()}</span>
}

afterEach(() => {
  useSettings.setState({ view: null })
  localStorage.clear()
  delete document.documentElement.dataset['theme']
  delete document.documentElement.dataset['colorMode']
})

describe('resolveColorMode', () => {
  it('pins light or dark, and follows the OS for System', () => {
    expect(resolveColorMode('light', true)).toBe('light')
    expect(resolveColorMode('dark', false)).toBe('dark')
    expect(resolveColorMode('system', true)).toBe('dark')
    expect(resolveColorMode('system', false)).toBe('light')
  })
})

describe('useAppliedTheme', () => {
  it('puts the chosen theme on <html> for the tokens and the Markdown editor, and remembers it for the next start', () => {
    useSettings.setState({ view: { ...VIEW, theme: 'dark' } })
    const { getByTestId } = render(<Frame />)
    const root = document.documentElement
    expect(root.dataset['theme']).toBe('dark')
    expect(root.dataset['colorMode']).toBe('dark')
    expect(getByTestId('mode').textContent).toBe('dark')

    act(() => useSettings.setState({ view: { ...VIEW, theme: 'light' } }))
    expect(root.dataset['theme']).toBe('light')
    expect(getByTestId('mode').textContent).toBe('light')

    act(() => useSettings.setState({ view: { ...VIEW, theme: 'dark' } }))
    delete root.dataset['theme']
    applyRememberedTheme()
    expect(root.dataset['theme']).toBe('dark')
  })

  it('starts from System when nothing was remembered or the stored value is not a theme', () => {
    localStorage.setItem('grant-desk.theme', 'sepia')
    applyRememberedTheme()
    expect(document.documentElement.dataset['theme']).toBe('system')
  })
})
