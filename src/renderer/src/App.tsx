/**
 * The application frame. The screens (grant browser, draft editor, submission) come with the
 * renderer's own issue; until then the frame shows one line that proves the wiring: which
 * service the core talks to and who is logged in, both read through `window.grantDesk`.
 */
import { useEffect, useState } from 'react'

async function readWiring(): Promise<string> {
  // Typed as always present, but a preload that failed to run leaves it out: say so plainly.
  if (!(window as Partial<Window>).grantDesk) return 'Grant Desk — not connected: the app’s bridge did not load.'
  const [settings, session] = await Promise.all([window.grantDesk.settings.get(), window.grantDesk.session.status()])
  if (!settings.ok) return `Grant Desk — ${settings.error.message}`
  if (!session.ok) return `Grant Desk — service: ${settings.value.effectiveServiceUrl} · ${session.error.message}`
  const who = session.value.loggedIn ? `logged in as ${session.value.email ?? 'unknown'}` : 'not logged in'
  return `Grant Desk — service: ${settings.value.effectiveServiceUrl} · ${who}`
}

export function App() {
  const [wiring, setWiring] = useState('Grant Desk — connecting…')

  useEffect(() => {
    let current = true
    const refresh = () => {
      void readWiring().then((line) => {
        if (current) setWiring(line)
      })
    }
    refresh()
    const stop = (window as Partial<Window>).grantDesk?.on('session.expired', refresh)
    return () => {
      current = false
      stop?.()
    }
  }, [])

  return (
    <main>
      <h1>Grant Desk</h1>
      <p role="status" data-testid="wiring">
        {wiring}
      </p>
    </main>
  )
}
