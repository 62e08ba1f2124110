/**
 * The colour theme on screen: the Settings choice (System, Light, Dark) applied to <html> as
 * `data-theme` (styles.css picks the token half from it), and as `data-color-mode` for the
 * Markdown editor's own stylesheet. "System" follows the OS, live, through the media query.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { REMEMBERED_THEME, type Theme } from '../../../../shared/ipc'
import { useSettings } from './settings'

export type ColorMode = 'light' | 'dark'

// The last theme applied is kept in the page's storage (REMEMBERED_THEME) so the next start
// paints in it before the settings arrive from the core (no flash of light colours for someone
// who chose dark).

const DARK_QUERY = '(prefers-color-scheme: dark)'

function osPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches
}

function subscribeToOs(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(DARK_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

export function resolveColorMode(theme: Theme, prefersDark: boolean): ColorMode {
  if (theme === 'system') return prefersDark ? 'dark' : 'light'
  return theme
}

function isTheme(value: unknown): value is Theme {
  return value === 'system' || value === 'light' || value === 'dark'
}

function rememberedTheme(): Theme {
  try {
    const value = localStorage.getItem(REMEMBERED_THEME)
    return isTheme(value) ? value : 'system'
  } catch {
    return 'system' // storage can be off; the settings still arrive a moment later
  }
}

function applyTheme(theme: Theme, prefersDark: boolean): void {
  const root = document.documentElement
  root.dataset['theme'] = theme
  root.dataset['colorMode'] = resolveColorMode(theme, prefersDark)
}

/** Before the first render: the theme of the last run. */
export function applyRememberedTheme(): void {
  applyTheme(rememberedTheme(), osPrefersDark())
}

/** The theme chosen in Settings (the remembered one until the settings are read). */
export function useThemeSetting(): Theme {
  const fromSettings = useSettings((s) => s.view?.theme)
  return fromSettings ?? rememberedTheme()
}

/** Light or dark, as the screen shows it now; for components that need to say it (the Markdown editor). */
export function useColorMode(): ColorMode {
  const theme = useThemeSetting()
  const prefersDark = useSyncExternalStore(subscribeToOs, osPrefersDark, () => false)
  return resolveColorMode(theme, prefersDark)
}

/** Keeps <html> in the chosen theme; used once, by the app frame. */
export function useAppliedTheme(): void {
  const theme = useThemeSetting()
  const prefersDark = useSyncExternalStore(subscribeToOs, osPrefersDark, () => false)
  useEffect(() => {
    applyTheme(theme, prefersDark)
    try {
      localStorage.setItem(REMEMBERED_THEME, theme)
    } catch {
      // Not remembered: the next start paints in the OS's theme until the settings arrive.
    }
  }, [theme, prefersDark])
}
