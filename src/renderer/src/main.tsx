import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { useGrants } from './state/grants'
import { FIRST_SCREEN_WAIT_MS, dropFirstPaint, useNavigation } from './state/app'
import { applyRememberedTheme } from './state/settings'
// The app's two faces, bundled with it (served from 'self'): text, and code / the Markdown source.
import '@fontsource-variable/inter'
import '@fontsource-variable/jetbrains-mono'
import './styles.css'

applyRememberedTheme()
// The host's first paint lies over the app until a screen of the app's takes it away (state/app's
// firstPaint.ts); should none, it never hides the app for longer than this.
setTimeout(dropFirstPaint, FIRST_SCREEN_WAIT_MS)
// The grant list is the first screen of most starts and its answer what the applicant waits
// for: asked here, the host works on it while React builds the page (about 100 ms on a 2-core
// machine) instead of after. GrantBrowser finds it on its way and does not ask again.
if (useNavigation.getState().route.name === 'grants') void useGrants.getState().load()
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
