// @vitest-environment jsdom
/**
 * The login form says which service a login is for, and over plain HTTP to another computer
 * it asks before sending the password (the core refuses without that confirmation too, see
 * test/integration/main/core/credentials.test.ts).
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionStatus } from '../../../../src/shared/ipc'
import { LoginForm } from '../../../../src/renderer/src/features/session/LoginForm'
import { AccountSection } from '../../../../src/renderer/src/features/settings/AccountSection'
import { useSession } from '../../../../src/renderer/src/state/session'
import { useSettings } from '../../../../src/renderer/src/state/settings'
import type { SettingsView } from '../../../../src/shared/ipc'
import { settingsView } from '../settingsView'

const STATUS: SessionStatus = {
  loggedIn: false,
  email: null,
  storage: 'encrypted',
  storageNote: 'Your login is kept encrypted on this computer by the system keychain.',
  service: 'https://grants.example.org',
  plainHttp: false,
  otherServices: [],
  notice: null,
}

afterEach(() => {
  useSession.setState({ status: null, error: null, prompt: null })
  useSettings.setState({ view: null })
})

const SETTINGS: SettingsView = settingsView({ serviceUrl: 'http://127.0.0.1:8787', effectiveDraftsFolder: '/data/drafts' })
const DEMO = [
  { email: 'ada@example.org', password: 'grant-desk-demo' },
  { email: 'sam@example.org', password: 'grant-desk-demo-2' },
]

describe('LoginForm and the sandbox’s demo logins', () => {
  it('offers them when the service is the bundled sandbox, and one click fills the form', async () => {
    useSession.setState({ status: { ...STATUS, service: 'http://127.0.0.1:8787' } })
    useSettings.setState({
      view: { ...SETTINGS, sandbox: { url: 'http://127.0.0.1:8787', startedBy: 'npm run start:browser', inUse: true, demoLogins: DEMO } },
    })
    render(<LoginForm />)
    expect(screen.getByTestId('demo-logins').textContent).toContain('ada@example.org / grant-desk-demo')
    await userEvent.click(screen.getByRole('button', { name: 'Use sam@example.org' }))
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.org')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('grant-desk-demo-2')
  })

  it('shows none for another service, even while the sandbox runs, or without a sandbox', () => {
    useSession.setState({ status: STATUS })
    useSettings.setState({ view: { ...SETTINGS, sandbox: { url: 'http://127.0.0.1:8787', startedBy: 'npm start', inUse: false, demoLogins: [] } } })
    const { unmount } = render(<LoginForm />)
    expect(screen.queryByTestId('demo-logins')).toBeNull()
    unmount()
    useSettings.setState({ view: SETTINGS })
    render(<LoginForm />)
    expect(screen.queryByTestId('demo-logins')).toBeNull()
  })
})

describe('LoginForm', () => {
  it('names the service the login is for', () => {
    useSession.setState({ status: STATUS })
    render(<LoginForm />)
    expect(screen.getByTestId('login-service').textContent).toContain('grants.example.org')
    expect(screen.queryByTestId('login-plain-http')).toBeNull()
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false)
  })

  it('over plain HTTP to another computer, warns and keeps Log in disabled until the applicant confirms', async () => {
    useSession.setState({ status: { ...STATUS, service: 'http://grants.example.org:8080', plainHttp: true } })
    render(<LoginForm />)
    expect(screen.getByTestId('login-plain-http').textContent).toMatch(/grants\.example\.org:8080 is reached over plain HTTP/)
    const button = screen.getByRole('button', { name: 'Log in' })
    expect(button).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByLabelText('Log in over plain HTTP anyway'))
    expect(button).toHaveProperty('disabled', false)
  })
})

describe('AccountSection', () => {
  it('lists logins kept for other addresses with an Erase button each, and shows a notice about stored logins', () => {
    useSession.setState({
      status: {
        ...STATUS,
        loggedIn: true,
        email: 'ada@example.test',
        otherServices: [{ service: 'http://127.0.0.1:8787', email: 'sam@example.test' }],
        notice: 'Your saved login could not be read, so you need to log in again.',
      },
    })
    render(<AccountSection />)
    expect(screen.getByText(/Logged in to/).textContent).toContain('grants.example.org')
    expect(screen.getByRole('button', { name: 'Log out of grants.example.org' })).toBeTruthy()
    expect(screen.getByTestId('other-logins').textContent).toContain('127.0.0.1:8787 as sam@example.test')
    expect(screen.getByRole('button', { name: 'Erase the login for 127.0.0.1:8787' })).toBeTruthy()
    expect(screen.getByTestId('session-notice').textContent).toMatch(/log in again/)
  })
})
