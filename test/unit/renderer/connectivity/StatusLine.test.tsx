// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SettingsView } from '../../../../src/shared/ipc'
import { StatusLine } from '../../../../src/renderer/src/features/connectivity/StatusLine'
import { useConnectivity } from '../../../../src/renderer/src/state/connectivity'
import { settingsView } from '../settingsView'

const VIEW: SettingsView = settingsView()

// The tests run without the app's bridge; the line must say so rather than pretend.
const withBridge = () => Object.assign(window, { grantDesk: {} })

afterEach(() => {
  useConnectivity.setState({ online: null })
  delete (window as unknown as { grantDesk?: unknown }).grantDesk
})

describe('StatusLine', () => {
  it('says the connection and who is logged in, with the address only as its tooltip', () => {
    withBridge()
    useConnectivity.setState({ online: true })
    render(<StatusLine settings={VIEW} settingsError={null} loggedIn email="ada@example.org" />)
    expect(screen.getByTestId('connection-state').textContent).toBe('Online')
    expect(screen.getByTestId('session-state').textContent).toBe('Logged in as ada@example.org')
    expect(screen.getByRole('status').textContent).not.toContain('grants.example.org')
    expect(screen.getByTestId('connection-state').getAttribute('title')).toBe('Grant service: https://grants.example.org')
  })

  it('says offline, and checking until the first answer', () => {
    withBridge()
    useConnectivity.setState({ online: false })
    const { rerender } = render(<StatusLine settings={VIEW} settingsError={null} loggedIn={false} email={null} />)
    expect(screen.getByRole('status').textContent).toBe('Offline·Not logged in')
    useConnectivity.setState({ online: null })
    rerender(<StatusLine settings={VIEW} settingsError={null} loggedIn={false} email={null} />)
    expect(screen.getByTestId('connection-state').textContent).toBe('Checking the connection…')
  })

  it('puts a problem that stops the app in words in place of the line', () => {
    withBridge()
    render(
      <StatusLine
        settings={null}
        settingsError={{ code: 'unauthorized', message: 'This page has no key to Grant Desk’s browser host.' }}
        loggedIn={null}
        email={null}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe('This page has no key to Grant Desk’s browser host.')
  })
})
