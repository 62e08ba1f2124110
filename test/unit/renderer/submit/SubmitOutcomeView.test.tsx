import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AppError } from '../../../../src/shared/ipc'
import { PreviewFailureView, SubmitOutcomeView } from '../../../../src/renderer/src/features/submit/SubmitOutcomeView'
import { APPLICATION_ID, submitted } from './fixtures'

const noop = () => {}
const failed = (error: AppError) => ({ kind: 'failed' as const, error })
const buttons = () => screen.getAllByRole('button').map((button) => button.textContent)

describe('SubmitOutcomeView', () => {
  it('confirms a new application with its id', () => {
    render(<SubmitOutcomeView outcome={{ kind: 'submitted', out: submitted(false) }} onClose={noop} onRetry={noop} />)
    const outcome = screen.getByTestId('submit-outcome')
    expect(outcome.getAttribute('role')).toBe('status')
    expect(outcome.textContent).toContain(`Submitted. Application ${APPLICATION_ID} is pending.`)
    expect(screen.getByTestId('application-id').textContent).toBe(APPLICATION_ID)
    expect(buttons()).toEqual(['Close'])
  })

  it('says when the service already had the application', () => {
    render(<SubmitOutcomeView outcome={{ kind: 'submitted', out: submitted(true) }} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toContain(
      `You had already applied to this grant. Application ${APPLICATION_ID} (status pending) is the one the service has; this draft is now marked submitted.`,
    )
    expect(screen.getByTestId('application-id').textContent).toBe(APPLICATION_ID)
  })

  it('explains a passed deadline, with no retry', () => {
    render(<SubmitOutcomeView outcome={failed({ code: 'deadline_passed', message: 'The deadline for this grant passed on 1 Mar 2026.' })} onClose={noop} onRetry={noop} />)
    const outcome = screen.getByTestId('submit-outcome')
    expect(outcome.getAttribute('role')).toBe('alert')
    expect(outcome.textContent).toContain('The deadline for this grant passed on 1 Mar 2026.')
    expect(outcome.textContent).toContain('Your draft stays saved.')
    expect(buttons()).toEqual(['Close'])
  })

  it.each(['offline', 'timeout'] as const)('says nothing was sent when %s, and offers to try again', async (code) => {
    const onRetry = vi.fn()
    render(<SubmitOutcomeView outcome={failed({ code, message: 'fetch failed' })} onClose={noop} onRetry={onRetry} />)
    expect(screen.getByTestId('submit-outcome').textContent).toBe(
      'You are offline — nothing was sent. Your draft is saved and ready; submit again when you are back online.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('asks to log in when the login dialog was cancelled', () => {
    render(<SubmitOutcomeView outcome={failed({ code: 'unauthorized', message: 'Log in to submit.' })} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toBe('Log in to submit. Your draft is saved.')
    expect(buttons()).toEqual(['Try again', 'Close'])
  })

  it('lists the fields to fix when the submission was refused for them', () => {
    render(
      <SubmitOutcomeView
        outcome={failed({ code: 'invalid_input', message: 'x', fields: { 'custom_fields.website': 'Fill in “Website” — this grant requires it.' } })}
        onClose={noop}
        onRetry={noop}
      />,
    )
    expect(screen.getByTestId('submit-outcome').textContent).toContain('Fix these before submitting:Fill in “Website” — this grant requires it.')
    expect(buttons()).toEqual(['Close'])
  })

  it('shows any other failure in the core’s words with Try again', () => {
    render(<SubmitOutcomeView outcome={failed({ code: 'server_error', message: 'The grant service had a problem (500).' })} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toContain('The grant service had a problem (500).')
    expect(buttons()).toEqual(['Try again', 'Close'])
  })
})

describe('PreviewFailureView', () => {
  it('explains a passed deadline and only offers Close', () => {
    render(<PreviewFailureView error={{ code: 'deadline_passed', message: 'The deadline passed.' }} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toBe('The deadline passed.This draft stays saved; it cannot be sent to this grant.')
    expect(buttons()).toEqual(['Close'])
  })

  it('lists what to fix before submitting', () => {
    render(
      <PreviewFailureView
        error={{ code: 'invalid_input', message: '2 things…', fields: { pitch: 'Write your pitch before submitting: it is the application.', 'custom_fields.team': 'Fill in “Team” — this grant requires it.' } }}
        onClose={noop}
        onRetry={noop}
      />,
    )
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items).toEqual(['Write your pitch before submitting: it is the application.', 'Fill in “Team” — this grant requires it.'])
    expect(screen.getByTestId('submit-outcome').textContent).toContain('Fix these before submitting:')
    expect(buttons()).toEqual(['Close'])
  })

  it('says the draft is ready when offline, with Try again', () => {
    render(<PreviewFailureView error={{ code: 'offline', message: 'unreachable' }} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toBe('You are offline — your draft is saved and ready. Submit again when you are back online.')
    expect(buttons()).toEqual(['Try again', 'Close'])
  })

  it('does not offer a retry for a grant that is gone', () => {
    render(<PreviewFailureView error={{ code: 'not_found', message: '“Open Tools Fund” is no longer on the grant service.' }} onClose={noop} onRetry={noop} />)
    expect(buttons()).toEqual(['Close'])
  })
})
