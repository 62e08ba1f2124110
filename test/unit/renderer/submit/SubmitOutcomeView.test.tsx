// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AppError } from '../../../../src/shared/ipc'
import { PreviewFailureView, SubmitOutcomeView, secondsLeft, waitText } from '../../../../src/renderer/src/features/submit/SubmitOutcomeView'
import { useNavigation } from '../../../../src/renderer/src/state/app'
import { APPLICATION_ID, SENT_DRAFT_ID, refusedCopy, submitted } from './fixtures'

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

  it('marks a copy refused with 409 as not sent, never as submitted, and leads to the draft that was sent', async () => {
    const onClose = vi.fn()
    render(<SubmitOutcomeView outcome={{ kind: 'submitted', out: refusedCopy() }} onClose={onClose} onRetry={noop} />)
    const outcome = screen.getByTestId('submit-outcome')
    expect(outcome.textContent).toContain(`Not sent — already applied (application ${APPLICATION_ID}, from draft ${SENT_DRAFT_ID}.md).`)
    expect(outcome.textContent).toContain('this draft’s text was not sent')
    expect(outcome.textContent).not.toMatch(/submitted/i)
    expect(outcome.className).toContain('notice-warn')
    expect(buttons()).toEqual([`Open the draft that was sent (${SENT_DRAFT_ID}.md)`, 'Close'])

    await userEvent.click(screen.getByRole('button', { name: /Open the draft that was sent/ }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(useNavigation.getState().route).toEqual({ name: 'draft', id: SENT_DRAFT_ID })
  })

  it('says an application from elsewhere was there, with no draft to open', () => {
    render(<SubmitOutcomeView outcome={{ kind: 'submitted', out: refusedCopy(null) }} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toContain(`Not sent — already applied (application ${APPLICATION_ID}, sent from elsewhere).`)
    expect(buttons()).toEqual(['Close'])
  })

  it('explains a passed deadline, with no retry', () => {
    render(
      <SubmitOutcomeView
        outcome={failed({ code: 'deadline_passed', message: 'The deadline for this grant passed on 1 Mar 2026.' })}
        onClose={noop}
        onRetry={noop}
      />,
    )
    const outcome = screen.getByTestId('submit-outcome')
    expect(outcome.getAttribute('role')).toBe('alert')
    expect(outcome.textContent).toContain('The deadline for this grant passed on 1 Mar 2026.')
    expect(outcome.textContent).toContain('Your draft stays saved.')
    expect(buttons()).toEqual(['Close'])
  })

  it('says nothing was sent when offline, and offers to try again', async () => {
    const onRetry = vi.fn()
    render(<SubmitOutcomeView outcome={failed({ code: 'offline', message: 'fetch failed' })} onClose={noop} onRetry={onRetry} />)
    expect(screen.getByTestId('submit-outcome').textContent).toBe(
      'You are offline — nothing was sent. Your draft is saved and ready; submit again when you are back online.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('does not claim nothing was sent after a timeout: the application may have arrived', async () => {
    const onRetry = vi.fn()
    render(
      <SubmitOutcomeView
        outcome={failed({ code: 'timeout', message: 'The grant service did not answer within 20 seconds.' })}
        onClose={noop}
        onRetry={onRetry}
      />,
    )
    const text = screen.getByTestId('submit-outcome').textContent
    expect(text).toBe(
      'Grant Desk could not confirm that your application arrived. Try again — if it did arrive, you will see the existing application instead of a second one.',
    )
    expect(text).not.toMatch(/nothing was sent/i)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('asks to wait as long as the service said when rate limited, with Try again disabled until then', async () => {
    const onRetry = vi.fn()
    render(
      <SubmitOutcomeView
        outcome={failed({
          code: 'rate_limited',
          message: 'The grant service is receiving too many requests. Wait 30 seconds and try again.',
          retryAfterSeconds: 30,
        })}
        onClose={noop}
        onRetry={onRetry}
      />,
    )
    expect(screen.getByTestId('submit-outcome').textContent).toContain('The service asks you to wait 30 seconds. Try again then.')
    const retry = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement
    expect(retry.disabled).toBe(true)
    expect(document.getElementById(retry.getAttribute('aria-describedby')!)?.textContent).toBe('You can try again in 30 seconds.')
    await userEvent.click(retry)
    expect(onRetry).not.toHaveBeenCalled()
    // Close is the control to focus while Try again cannot be used.
    expect(screen.getByRole('button', { name: 'Close' }).hasAttribute('data-autofocus')).toBe(true)
    expect(retry.hasAttribute('data-autofocus')).toBe(false)
  })

  it('shows the core’s words and allows Try again at once when the service named no wait', () => {
    render(
      <SubmitOutcomeView
        outcome={failed({ code: 'rate_limited', message: 'Wait a minute and try again; your work is kept.' })}
        onClose={noop}
        onRetry={noop}
      />,
    )
    expect(screen.getByTestId('submit-outcome').textContent).toBe('Wait a minute and try again; your work is kept.')
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false)
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
        error={{
          code: 'invalid_input',
          message: '2 things…',
          fields: { pitch: 'Write your pitch before submitting: it is the application.', 'custom_fields.team': 'Fill in “Team” — this grant requires it.' },
        }}
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

  it('says only the check timed out, and nothing was sent', () => {
    render(<PreviewFailureView error={{ code: 'timeout', message: 'slow' }} onClose={noop} onRetry={noop} />)
    expect(screen.getByTestId('submit-outcome').textContent).toBe(
      'The grant service did not answer in time. Nothing was sent; your draft is saved and ready. Try again in a moment.',
    )
    expect(buttons()).toEqual(['Try again', 'Close'])
  })

  it('does not offer a retry for a grant that is gone', () => {
    render(<PreviewFailureView error={{ code: 'not_found', message: '“Open Tools Fund” is no longer on the grant service.' }} onClose={noop} onRetry={noop} />)
    expect(buttons()).toEqual(['Close'])
  })
})

describe('waitText and secondsLeft', () => {
  it('says a wait in seconds, and in minutes once it is long', () => {
    expect(waitText(1)).toBe('1 second')
    expect(waitText(45)).toBe('45 seconds')
    expect(waitText(119)).toBe('119 seconds')
    expect(waitText(150)).toBe('3 minutes')
  })

  it('counts down from when the wait began, never below zero', () => {
    const since = 1_000_000
    expect(secondsLeft(30, since, since)).toBe(30)
    expect(secondsLeft(30, since, since + 10_500)).toBe(20)
    expect(secondsLeft(30, since, since + 29_001)).toBe(1)
    expect(secondsLeft(30, since, since + 30_000)).toBe(0)
    expect(secondsLeft(30, since, since + 90_000)).toBe(0)
  })
})
