import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import i18n from '../i18n'
import HistoryDialog from './HistoryDialog'

/** The dialog as drawn when its revisions could not be read, failing with `error`. */
function failedWith(error: unknown): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <HistoryDialog
        onClose={() => {}}
        title="History"
        revisions={{ isError: true, error }}
        fieldsOf={() => []}
      />
    </I18nextProvider>,
  )
}

describe('HistoryDialog', () => {
  it('says a withheld history is not shown, in the reader’s language, whatever the server’s words', async () => {
    const withheld = new ApiError(404, 'The moderators hid this comment', 'not_found')
    await i18n.changeLanguage('en')
    expect(failedWith(withheld)).toContain(
      'This history is not shown to you: what it belongs to was hidden, removed or deleted.',
    )
    await i18n.changeLanguage('zh')
    expect(failedWith(withheld)).toContain('你无法查看这段编辑历史')
    await i18n.changeLanguage('en')
  })

  it('shows any other refusal’s own sentence', () => {
    expect(failedWith(new ApiError(429, 'You are reading too quickly.', 'rate_limited'))).toContain(
      'You are reading too quickly.',
    )
  })
})
