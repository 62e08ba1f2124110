import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SettingsView } from '../../../../src/shared/ipc'
import { AddressCheckStatus } from '../../../../src/renderer/src/features/settings/AddressCheckStatus'
import { SettingsForm, type SettingsFormProps, changedValues } from '../../../../src/renderer/src/features/settings/SettingsForm'

const VIEW: SettingsView = {
  serviceUrl: 'https://grants.example.org',
  feedbackNamespace: 'grant-desk',
  reviewerName: '',
  draftsFolder: null,
  effectiveServiceUrl: 'https://grants.example.org',
  serviceUrlOverriddenBy: null,
  effectiveDraftsFolder: '/home/me/.config/grant-desk/drafts',
  defaultDraftsFolder: '/home/me/.config/grant-desk/drafts',
  notice: null,
}

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
    const described = address.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(described).toContain('Service address must be a web address starting with http:// or https://.')
    const folder = screen.getByLabelText('Drafts folder')
    expect(folder.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Grant Desk cannot use /x for drafts.')
    expect(screen.getByLabelText('Reviewer name').getAttribute('aria-invalid')).toBe('false')
    expect(screen.getByRole('alert').textContent).toBe('Nothing was saved. Fix the settings marked above, then save again.')
  })

  it('locks the address when the environment overrides it, and says so', () => {
    renderForm({ view: { ...VIEW, serviceUrlOverriddenBy: 'GRANT_SERVICE_URL', effectiveServiceUrl: 'http://127.0.0.1:4010' } })
    const address = screen.getByLabelText('Service address') as HTMLInputElement
    expect(address.disabled).toBe(true)
    expect(document.body.textContent).toContain('Set by GRANT_SERVICE_URL for this run; the saved address is https://grants.example.org')
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
    expect(onUseDefaultFolder).toHaveBeenCalledOnce()
  })
})

describe('changedValues', () => {
  it('never sends an address the environment overrides, and maps an empty folder to the default', () => {
    const view = { ...VIEW, serviceUrlOverriddenBy: 'GRANT_SERVICE_URL', draftsFolder: '/data/drafts' }
    expect(changedValues(view, { serviceUrl: 'https://other.example', feedbackNamespace: 'grant-desk', reviewerName: '', draftsFolder: '  ' })).toEqual({ draftsFolder: null })
  })
})

describe('AddressCheckStatus', () => {
  it('says what the check found', () => {
    const { rerender } = render(<AddressCheckStatus check={{ state: 'checking' }} />)
    expect(screen.getByRole('status').textContent).toBe('Checking…')
    rerender(<AddressCheckStatus check={{ state: 'ok', count: 3, fromCache: false, message: 'Connected: the service lists 3 grants and bounties.' }} />)
    expect(screen.getByRole('status').textContent).toBe('Connected: the service lists 3 grants and bounties.')
    rerender(<AddressCheckStatus check={{ state: 'failed', error: { code: 'offline', message: 'The grant service at http://x could not be reached.' } }} />)
    expect(screen.getByRole('status').textContent).toBe('The grant service at http://x could not be reached.')
  })
})
