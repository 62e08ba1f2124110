// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SettingsView } from '../../../../src/shared/ipc'
import { AddressCheckStatus } from '../../../../src/renderer/src/features/settings/AddressCheckStatus'
import { RetryNotice } from '../../../../src/renderer/src/features/settings/RetryNotice'
import { SettingsForm, type SettingsFormProps, changedValues } from '../../../../src/renderer/src/features/settings/SettingsForm'
import { defaultFolderSavedMessage } from '../../../../src/renderer/src/features/settings/SettingsScreen'
import { settingsView } from '../settingsView'

const VIEW: SettingsView = settingsView({ effectiveDraftsFolder: '/home/me/.config/grant-desk/drafts' })

function renderForm(props: Partial<SettingsFormProps> = {}) {
  const all: SettingsFormProps = {
    view: VIEW,
    error: null,
    saving: false,
    savedMessage: null,
    check: { state: 'idle' },
    onSave: () => {},
    onCheck: () => {},
    onUseDefaultFolder: () => {},
    onEdit: () => {},
    onThemeChange: () => {},
    ...props,
  }
  return render(<SettingsForm {...all} />)
}

describe('SettingsForm', () => {
  it('sends only what was changed', async () => {
    const onSave = vi.fn()
    renderForm({ onSave })
    await userEvent.type(screen.getByLabelText('Reviewer name'), 'Ana')
    await userEvent.type(screen.getByLabelText('Drafts folder'), '/home/me/drafts')
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(onSave).toHaveBeenCalledWith({ reviewerName: 'Ana', draftsFolder: '/home/me/drafts' })
  })

  it('shows each field’s error under it and marks the field invalid', () => {
    renderForm({
      error: {
        code: 'invalid_input',
        message: 'That request could not be used.',
        fields: { serviceUrl: 'must be a web address starting with http:// or https://', draftsFolder: 'Grant Desk cannot use /x for drafts.' },
      },
    })
    const address = screen.getByLabelText('Service address')
    expect(address.getAttribute('aria-invalid')).toBe('true')
    const described = address
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
    expect(described).toContain('Service address must be a web address starting with http:// or https://.')
    const folder = screen.getByLabelText('Drafts folder')
    expect(
      folder
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('Grant Desk cannot use /x for drafts.')
    expect(screen.getByLabelText('Reviewer name').getAttribute('aria-invalid')).toBe('false')
    expect(screen.getByRole('alert').textContent).toBe('Nothing was saved. Fix the settings marked above, then save again.')
  })

  it('locks the address when the environment overrides it, and says so', () => {
    renderForm({ view: { ...VIEW, serviceUrlOverriddenBy: 'GRANT_SERVICE_URL', effectiveServiceUrl: 'http://127.0.0.1:4010' } })
    const address = screen.getByLabelText('Service address') as HTMLInputElement
    expect(address.disabled).toBe(true)
    expect(document.body.textContent).toContain('Set by GRANT_SERVICE_URL for this run; the saved address is https://grants.example.org')
  })

  it('with the sandbox a start command started: says so, leaves the address editable, and never claims GRANT_SERVICE_URL', () => {
    const sandbox = { url: 'http://127.0.0.1:8787', startedBy: 'npm run start:browser', inUse: true, demoLogins: [] }
    renderForm({ view: { ...VIEW, serviceUrl: 'http://127.0.0.1:8787', effectiveServiceUrl: 'http://127.0.0.1:8787', sandbox } })
    expect((screen.getByLabelText('Service address') as HTMLInputElement).disabled).toBe(false)
    expect(screen.getByTestId('settings-service-source').textContent).toBe(
      'Sandbox started by npm run start:browser at http://127.0.0.1:8787, with demo data. To use another grant service, type its address here and save.',
    )
    expect(document.body.textContent).not.toContain('GRANT_SERVICE_URL')
    expect(screen.queryByRole('button', { name: 'Use the sandbox' })).toBeNull()
  })

  it('pointed elsewhere while the sandbox runs: offers to go back to it, saving the default address', async () => {
    const onSave = vi.fn()
    const sandbox = { url: 'http://127.0.0.1:41234', startedBy: 'npm start', inUse: false, demoLogins: [] }
    renderForm({ view: { ...VIEW, sandbox }, onSave })
    expect(screen.getByTestId('settings-sandbox-elsewhere').textContent).toContain(
      'The sandbox started by npm start is still running at http://127.0.0.1:41234.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Use the sandbox' }))
    expect(onSave).toHaveBeenCalledWith({ serviceUrl: VIEW.defaultServiceUrl })
    expect((screen.getByLabelText('Service address') as HTMLInputElement).value).toBe(VIEW.defaultServiceUrl)
  })

  it('shows where feedback goes and the folder in use', () => {
    renderForm({ view: { ...VIEW, draftsFolder: '/data/drafts', effectiveDraftsFolder: '/data/drafts' } })
    expect(document.body.textContent).toContain('grant-desk/grant-apply')
    expect(document.body.textContent).toContain('In use now: /data/drafts.')
    expect((screen.getByLabelText('Drafts folder') as HTMLInputElement).placeholder).toBe(VIEW.defaultDraftsFolder)
  })

  it('"Use the default folder" empties the field and asks for the default', async () => {
    const onUseDefaultFolder = vi.fn()
    renderForm({ view: { ...VIEW, draftsFolder: '/data/drafts', effectiveDraftsFolder: '/data/drafts' }, onUseDefaultFolder })
    await userEvent.click(screen.getByRole('button', { name: 'Use the default folder' }))
    expect((screen.getByLabelText('Drafts folder') as HTMLInputElement).value).toBe('')
    expect(onUseDefaultFolder).toHaveBeenCalledExactlyOnceWith(false)
  })

  it('"Use the default folder" says when other typed changes are still unsaved', async () => {
    const onUseDefaultFolder = vi.fn()
    renderForm({ view: { ...VIEW, draftsFolder: '/data/drafts', effectiveDraftsFolder: '/data/drafts' }, onUseDefaultFolder })
    await userEvent.type(screen.getByLabelText('Drafts folder'), '/more')
    await userEvent.click(screen.getByRole('button', { name: 'Use the default folder' }))
    // A typed folder is replaced by the default, so it is not "another" change.
    expect(onUseDefaultFolder).toHaveBeenLastCalledWith(false)
    await userEvent.type(screen.getByLabelText('Reviewer name'), 'Ana')
    await userEvent.click(screen.getByRole('button', { name: 'Use the default folder' }))
    expect(onUseDefaultFolder).toHaveBeenLastCalledWith(true)
  })

  it('says "Unsaved changes" next to Save while the form differs from the saved settings', async () => {
    const onEdit = vi.fn()
    renderForm({ onEdit })
    const status = screen.getByTestId('settings-saved')
    expect(status.getAttribute('role')).toBe('status')
    expect(status.textContent).toBe('')
    await userEvent.type(screen.getByLabelText('Reviewer name'), 'A')
    expect(status.textContent).toBe('Unsaved changes')
    expect(onEdit).toHaveBeenCalled()
    await userEvent.clear(screen.getByLabelText('Reviewer name'))
    expect(status.textContent).toBe('')
    // Spaces the core trims away are not a change.
    await userEvent.type(screen.getByLabelText('Feedback namespace'), ' ')
    expect(status.textContent).toBe('')
  })

  it('shows what the last save did in place of "Unsaved changes" until the screen clears it', async () => {
    const message = 'Default folder saved; your other changes are not saved yet.'
    renderForm({ savedMessage: message })
    expect(screen.getByTestId('settings-saved').textContent).toBe(message)
    await userEvent.type(screen.getByLabelText('Reviewer name'), 'Ana')
    expect(screen.getByTestId('settings-saved').textContent).toBe(message)
  })
})

describe('SettingsForm theme', () => {
  it('shows the saved theme as the checked one and hands a new choice over at once, without marking the form unsaved', async () => {
    const onThemeChange = vi.fn()
    renderForm({ view: { ...VIEW, theme: 'light' }, onThemeChange })
    const group = screen.getByRole('group', { name: 'Theme' })
    const light = within(group).getByRole('radio', { name: 'Light' }) as HTMLInputElement
    const dark = within(group).getByRole('radio', { name: 'Dark' }) as HTMLInputElement
    expect(light.checked).toBe(true)
    expect(dark.checked).toBe(false)
    await userEvent.click(dark)
    expect(onThemeChange).toHaveBeenCalledWith('dark')
    expect(screen.getByTestId('settings-saved').textContent).toBe('')
  })
})

describe('defaultFolderSavedMessage', () => {
  it('does not call everything saved while other changes are not', () => {
    expect(defaultFolderSavedMessage(false)).toBe('Settings saved. New drafts go to the default folder.')
    expect(defaultFolderSavedMessage(true)).toBe('Default folder saved; your other changes are not saved yet.')
  })
})

describe('changedValues', () => {
  it('never sends an address the environment overrides, and maps an empty folder to the default', () => {
    const view = { ...VIEW, serviceUrlOverriddenBy: 'GRANT_SERVICE_URL', draftsFolder: '/data/drafts' }
    expect(
      changedValues(view, {
        serviceUrl: 'https://other.example',
        feedbackNamespace: 'grant-desk',
        reviewerName: '',
        signingKey: '',
        draftsFolder: '  ',
        savedSearchRefreshMinutes: '30',
      }),
    ).toEqual({ draftsFolder: null })
  })

  it('compares and sends values trimmed, as the core stores them', () => {
    const view = { ...VIEW, reviewerName: 'Ana' }
    expect(
      changedValues(view, {
        serviceUrl: ' https://grants.example.org ',
        feedbackNamespace: 'grant-desk ',
        reviewerName: ' Ana ',
        signingKey: '',
        draftsFolder: '',
        savedSearchRefreshMinutes: '30',
      }),
    ).toEqual({})
    expect(
      changedValues(view, {
        serviceUrl: VIEW.serviceUrl,
        feedbackNamespace: 'grant-desk',
        reviewerName: ' Ana Lima ',
        signingKey: '',
        draftsFolder: '',
        savedSearchRefreshMinutes: '30',
      }),
    ).toEqual({ reviewerName: 'Ana Lima' })
  })

  it('sends the check interval as minutes, or null for off', () => {
    const form = { serviceUrl: VIEW.serviceUrl, feedbackNamespace: 'grant-desk', reviewerName: '', signingKey: '', draftsFolder: '' }
    expect(changedValues(VIEW, { ...form, savedSearchRefreshMinutes: 'off' })).toEqual({ savedSearchRefreshMinutes: null })
    expect(changedValues(VIEW, { ...form, savedSearchRefreshMinutes: '120' })).toEqual({ savedSearchRefreshMinutes: 120 })
    expect(changedValues({ ...VIEW, savedSearchRefreshMinutes: null }, { ...form, savedSearchRefreshMinutes: 'off' })).toEqual({})
  })
})

describe('RetryNotice', () => {
  it('shows progress while retrying, and the failure again if the retry fails too', async () => {
    let finish = () => {}
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(
      <RetryNotice
        error={{ code: 'storage_error', message: 'Could not read who is logged in.' }}
        onRetry={onRetry}
        busyLabel="Checking whether you are logged in…"
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain('Could not read who is logged in.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Checking whether you are logged in…')
    await act(async () => finish())
    expect(screen.getByRole('alert').textContent).toContain('Could not read who is logged in.')
  })
})

describe('AddressCheckStatus', () => {
  it('says what the check found', () => {
    const { rerender } = render(<AddressCheckStatus check={{ state: 'checking' }} />)
    expect(screen.getByRole('status').textContent).toBe('Checking…')
    rerender(<AddressCheckStatus check={{ state: 'ok', message: 'Connected: the service lists 3 grants and bounties.' }} />)
    expect(screen.getByRole('status').textContent).toBe('Connected: the service lists 3 grants and bounties.')
    rerender(<AddressCheckStatus check={{ state: 'failed', error: { code: 'offline', message: 'The grant service at http://x could not be reached.' } }} />)
    expect(screen.getByRole('status').textContent).toBe('The grant service at http://x could not be reached.')
  })
})

describe('SettingsForm: plain HTTP', () => {
  it('warns while the typed address is plain HTTP to another computer, not for this computer or https', async () => {
    renderForm()
    expect(screen.queryByTestId('settings-plain-http')).toBeNull()
    const address = screen.getByLabelText('Service address')
    await userEvent.clear(address)
    await userEvent.type(address, 'http://grants.example.org')
    expect(screen.getByTestId('settings-plain-http').textContent).toMatch(/unencrypted/)
    await userEvent.clear(address)
    await userEvent.type(address, 'http://127.0.0.1:8787')
    expect(screen.queryByTestId('settings-plain-http')).toBeNull()
  })
})
