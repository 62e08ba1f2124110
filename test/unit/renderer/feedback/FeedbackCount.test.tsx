// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { FeedbackRequest } from '../../../../src/shared/api'
import { FeedbackCount } from '../../../../src/renderer/src/features/feedback/FeedbackCount'
import { FeedbackForm } from '../../../../src/renderer/src/features/feedback/FeedbackForm'
import { characterCount } from '../../../../src/shared/api'
import { issueTooLong } from '../../../../src/renderer/src/state/feedback'

/** The form as the screen uses it: the text lives outside, in the feedback slice. */
function Harness({ onSend = () => {}, sending = false }: { onSend?: () => void; sending?: boolean }) {
  const [text, setText] = useState('')
  return <FeedbackForm text={text} sending={sending} onChange={setText} onSend={onSend} />
}

const box = () => screen.getByLabelText('What is outdated or wrong?') as HTMLTextAreaElement
const sendButton = () => screen.getByRole('button', { name: 'Send report' }) as HTMLButtonElement
const count = () => screen.getByTestId('feedback-count').textContent

describe('FeedbackCount', () => {
  it('counts the characters typed against the service’s limit', () => {
    const { rerender } = render(<FeedbackCount text="" />)
    expect(count()).toBe('0 of 10,000 characters')
    rerender(<FeedbackCount text="The budget guide is outdated." />)
    expect(count()).toBe('29 of 10,000 characters')
  })
})

describe('FeedbackForm', () => {
  it('keeps a paste over the limit whole, says it is too long, and will not send it', async () => {
    const onSend = vi.fn()
    render(<Harness onSend={onSend} />)
    const long = 'x'.repeat(10_001)
    // A paste arrives as one change event.
    fireEvent.change(box(), { target: { value: long } })
    expect(box().value).toBe(long)
    expect(box().hasAttribute('maxlength')).toBe(false)
    expect(count()).toBe('10,001 of 10,000 characters — too long to send')
    expect(box().getAttribute('aria-invalid')).toBe('true')
    expect(sendButton().disabled).toBe(true)
    fireEvent.submit(sendButton().closest('form')!)
    expect(onSend).not.toHaveBeenCalled()

    fireEvent.change(box(), { target: { value: long.slice(1) } })
    expect(count()).toBe('10,000 of 10,000 characters')
    expect(sendButton().disabled).toBe(false)
    await userEvent.click(sendButton())
    expect(onSend).toHaveBeenCalledOnce()
  })

  it('counts emoji as the service does, so a report at the limit in emoji can be sent', () => {
    render(<Harness />)
    // 10,000 emoji are 20,000 UTF-16 units: a maxLength would have cut this in half.
    fireEvent.change(box(), { target: { value: '👍'.repeat(10_000) } })
    expect(count()).toBe('10,000 of 10,000 characters')
    expect(sendButton().disabled).toBe(false)
  })

  it('cannot send an empty report, or while one is being sent', async () => {
    const { unmount } = render(<Harness />)
    expect(sendButton().disabled).toBe(true)
    await userEvent.type(box(), '   ')
    expect(sendButton().disabled).toBe(true)
    unmount()
    render(<FeedbackForm text="Outdated budget guide." sending onChange={() => {}} onSend={() => {}} />)
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('characterCount and issueTooLong', () => {
  it('count code points, as the service’s schema does', () => {
    expect(characterCount('ok 👍')).toBe(4)
    for (const issue of ['👍'.repeat(10_000), `${'é'.repeat(9_999)}👍`, '👍'.repeat(10_001), 'x'.repeat(10_001)]) {
      expect(issueTooLong(issue)).toBe(!FeedbackRequest.shape.issue.safeParse(issue).success)
    }
  })
})
