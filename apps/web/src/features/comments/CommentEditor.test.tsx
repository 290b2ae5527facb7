import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { DRAFT_PREFIX } from '../../ui/useDraft'
import CommentEditor, { editDraftKey } from './CommentEditor'
import { sampleComment } from './sampleComment'

const comment = sampleComment({ _id: 'c7', userId: 'u1', content: 'As posted', revision: 3 })

/** A localStorage of one test's own, on the `window` the draft hook reads. */
function storage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

let store: ReturnType<typeof storage>

beforeEach(() => {
  store = storage()
  Object.assign(globalThis, { window: { localStorage: store } })
})

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window')
})

function drawn() {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <CommentEditor comment={comment} onDone={() => {}} />
      </I18nextProvider>
    </QueryClientProvider>,
  )
}

describe('CommentEditor', () => {
  it('keeps one draft per comment, under its author', () => {
    expect(editDraftKey(comment)).toBe('comment-edit:u1:c7')
    expect(editDraftKey({ ...comment, _id: 'c8' })).not.toBe(editDraftKey(comment))
  })

  it('starts from the comment as posted, in Write, with nothing said of a draft', () => {
    const html = drawn()
    expect(html).toMatch(/<textarea[^>]*>As posted<\/textarea>/)
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Write<\/button>/)
    expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Preview<\/button>/)
    expect(html).not.toContain('Your unsent draft was restored')
    expect(html).not.toContain('Discard draft')
  })

  it('brings back an unsaved edit and says so', () => {
    store.setItem(
      DRAFT_PREFIX + editDraftKey(comment),
      JSON.stringify({ text: 'As I meant it', baseRevision: 3 }),
    )
    const html = drawn()
    expect(html).toMatch(/<textarea[^>]*>As I meant it<\/textarea>/)
    expect(html).toContain('<span role="status">Your unsent draft was restored</span>')
    expect(html).toContain('Discard draft')
  })

  it('takes a kept copy equal to the comment as no draft', () => {
    store.setItem(
      DRAFT_PREFIX + editDraftKey(comment),
      JSON.stringify({ text: 'As posted', baseRevision: 3 }),
    )
    expect(drawn()).not.toContain('Your unsent draft was restored')
  })
})
