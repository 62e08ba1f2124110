// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ErrorNotice, fieldMessage } from '../../../../src/renderer/src/components/ErrorNotice'

describe('fieldMessage', () => {
  it('names the field in front of the contract’s short messages', () => {
    expect(fieldMessage('email', 'must be an email address')).toBe('Email must be an email address')
    expect(fieldMessage('custom_fields.project_name', 'is required')).toBe('Project name is required')
    expect(fieldMessage('serviceUrl', 'must be a web address', { serviceUrl: 'Service address' })).toBe('Service address must be a web address')
  })

  it('leaves the core’s whole sentences as they are', () => {
    expect(fieldMessage('custom_fields.repo', '“Repository” must be a web address starting with http:// or https://.')).toBe(
      '“Repository” must be a web address starting with http:// or https://.',
    )
    expect(fieldMessage('pitch', 'Write your pitch before submitting: it is the application.')).toBe(
      'Write your pitch before submitting: it is the application.',
    )
  })
})

describe('ErrorNotice', () => {
  it('shows the message, each field problem, and a retry that calls back', async () => {
    const retry = vi.fn()
    render(
      <ErrorNotice error={{ code: 'invalid_input', message: 'That request could not be used.', fields: { password: 'must not be empty' } }} onRetry={retry} />,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('That request could not be used.')
    expect(alert.textContent).toContain('Password must not be empty')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
