// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SubmitConfirmation } from '../../../../src/renderer/src/features/submit/SubmitConfirmation'
import { hiddenCommentCount } from '../../../../src/renderer/src/features/submit/hiddenComments'
import { NOW, WITH_ERRORS, preview } from './fixtures'

const noop = () => {}

describe('SubmitConfirmation', () => {
  it('shows where the application goes and every field exactly as sent', () => {
    render(<SubmitConfirmation preview={preview()} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(screen.getByTestId('submit-target').textContent).toBe('POST https://grants.example.org/grants/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f/apply')
    expect(document.body.textContent).toContain('Open Tools Fund')
    expect(document.body.textContent).toContain('closes in 9 days')

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['website', 'https://example.org'],
      ['team_size', '4'],
    ])
    expect(document.body.textContent).not.toContain('Free-form application')
  })

  it('renders the pitch as Markdown in a labelled preview', () => {
    render(<SubmitConfirmation preview={preview()} now={NOW} onCancel={noop} onSubmit={noop} />)
    const pitch = screen.getByRole('region', { name: 'Pitch preview' })
    expect(pitch.querySelector('strong')?.textContent).toBe('open tools')
  })

  it('shows the pitch’s Markdown exactly as sent, including what the preview leaves out', async () => {
    const pitch = '# My project\n\n<!-- Say what you build. -->\nWe build <kbd>open</kbd> tools.\n\n<details><summary>More</summary>Budget</details>\n'
    render(<SubmitConfirmation preview={preview({ body: { pitch } })} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(screen.getByRole('region', { name: 'Pitch preview' }).textContent).not.toContain('Say what you build.')

    const summary = screen.getByText('Markdown exactly as sent')
    expect(summary.tagName).toBe('SUMMARY')
    const details = summary.closest('details')!
    expect(details.open).toBe(false)
    await userEvent.click(summary)
    expect(details.open).toBe(true)

    const raw = within(details).getByRole('region', { name: 'Pitch Markdown exactly as sent' })
    expect(raw.tagName).toBe('PRE')
    expect(raw.getAttribute('tabindex')).toBe('0')
    expect(raw.textContent).toBe(pitch)
  })

  it('warns that hidden comments are sent with the pitch', () => {
    const { rerender } = render(<SubmitConfirmation preview={preview()} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(document.body.textContent).not.toContain('hidden comment')

    rerender(
      <SubmitConfirmation
        preview={preview({ body: { pitch: '# Plan\n\n<!-- List milestones. -->\n\nText <!-- and a budget --> here.' } })}
        now={NOW}
        onCancel={noop}
        onSubmit={noop}
      />,
    )
    const notice = screen.getByText(/hidden comment/)
    expect(notice.className).toContain('notice-warn')
    expect(notice.textContent).toBe(
      'Your pitch still contains 2 hidden comments (<!-- … -->), e.g. the template’s hints. They are sent with the pitch; reviewers may see them.',
    )

    rerender(<SubmitConfirmation preview={preview({ body: { pitch: '<!-- hint -->\nText.' } })} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(screen.getByText(/hidden comment/).textContent).toContain('contains 1 hidden comment (<!--')
  })

  it('focuses Cancel first through the dialog’s data-autofocus, not autoFocus', () => {
    render(<SubmitConfirmation preview={preview()} now={NOW} onCancel={noop} onSubmit={noop} />)
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    expect(cancel.hasAttribute('data-autofocus')).toBe(true)
    expect(document.activeElement).not.toBe(cancel)
  })

  it('says a free-form application sends only the pitch', () => {
    render(<SubmitConfirmation preview={preview({ body: { pitch: 'Just the pitch.' } })} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(document.body.textContent).toContain('Free-form application: only the pitch is sent.')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('warns before submitting when not logged in', () => {
    const { rerender } = render(<SubmitConfirmation preview={preview()} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(document.body.textContent).not.toContain('You are not logged in')
    rerender(<SubmitConfirmation preview={preview({ loggedIn: false })} now={NOW} onCancel={noop} onSubmit={noop} />)
    expect(document.body.textContent).toContain('You are not logged in — you will be asked to log in when you submit.')
  })

  it('submits straight away when the checklist has no errors', async () => {
    const onSubmit = vi.fn()
    render(<SubmitConfirmation preview={preview()} now={NOW} onCancel={noop} onSubmit={onSubmit} />)
    expect(screen.queryByRole('heading', { name: 'Checklist: must fix' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(onSubmit).toHaveBeenCalledWith(false)
  })

  it('keeps the submit button disabled until "Submit anyway" is checked, then sends submitAnyway', async () => {
    const onSubmit = vi.fn()
    render(<SubmitConfirmation preview={preview({ checklist: WITH_ERRORS })} now={NOW} onCancel={noop} onSubmit={onSubmit} />)
    expect(screen.getByRole('heading', { name: 'Checklist: must fix' })).toBeTruthy()
    expect(document.body.textContent).toContain('Not ready: 2 must fix.')
    expect(document.body.textContent).toContain('Line 7: A template placeholder is still in the text.')
    expect(document.body.textContent).toContain('Replace "TODO" with your own words.')

    const submit = screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await userEvent.click(submit)
    expect(onSubmit).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('checkbox', { name: 'Submit anyway, with these problems' }))
    expect(submit.disabled).toBe(false)
    await userEvent.click(submit)
    expect(onSubmit).toHaveBeenCalledWith(true)
  })

  it('disables everything while submitting', () => {
    render(<SubmitConfirmation preview={preview()} now={NOW} busy onCancel={noop} onSubmit={noop} />)
    expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('Submitting…')
  })
})

describe('hiddenCommentCount', () => {
  it('counts HTML comments, in blocks and inline', () => {
    expect(hiddenCommentCount('No comments here.')).toBe(0)
    expect(hiddenCommentCount('<!-- one -->\n\nText <!-- two --> and <!-- three -->.')).toBe(3)
    expect(hiddenCommentCount('<!--\nA hint over\nseveral lines\n-->\n# Title')).toBe(1)
  })

  it('does not count a comment written as code, which the preview shows', () => {
    expect(hiddenCommentCount('Use `<!-- x -->` to hide text.\n\n```html\n<!-- shown -->\n```')).toBe(0)
  })
})
