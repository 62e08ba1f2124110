import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FeedbackCount } from '../../../../src/renderer/src/features/feedback/FeedbackCount'
import { characterCount } from '../../../../src/renderer/src/features/feedback/feedbackSlice'

describe('FeedbackCount', () => {
  it('counts the characters typed against the service’s limit', () => {
    const { rerender } = render(<FeedbackCount text="" />)
    expect(screen.getByTestId('feedback-count').textContent).toBe('0 of 10,000 characters')
    rerender(<FeedbackCount text="The budget guide is outdated." />)
    expect(screen.getByTestId('feedback-count').textContent).toBe('29 of 10,000 characters')
  })

  it('says when the report is too long to send', () => {
    render(<FeedbackCount text={'x'.repeat(10_001)} />)
    expect(screen.getByTestId('feedback-count').textContent).toBe('10,001 of 10,000 characters — too long to send')
  })
})

describe('characterCount', () => {
  it('counts an emoji as one character, as the service does', () => {
    expect(characterCount('ok 👍')).toBe(4)
  })
})
