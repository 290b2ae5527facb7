import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { CommentVersion } from './CommentVersion'
import { PostVersion } from './postVersion'

// A version the reader may not open (made while the post was private; the API names it null) is
// never a link.

beforeAll(async () => {
  await i18n.changeLanguage('en')
  await i18n.loadNamespaces('comments')
})

function draw(node: ReactNode, current = 3): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/forum/detail/p1']}>
        <PostVersion.Provider value={current}>{node}</PostVersion.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  )
}

describe("a comment's version", () => {
  it('links an earlier version the reader may open', () => {
    const html = draw(<CommentVersion version={1} />)
    expect(html).toContain('href="/forum/detail/p1?version=1"')
    expect(html).toContain('>on v1</a>')
  })

  it('names a version the reader may not open without a link or a number', () => {
    const html = draw(<CommentVersion version={null} />)
    expect(html).not.toContain('<a')
    expect(html).not.toContain('version=')
    expect(html).toContain('>on an earlier version</span>')
  })

  it('says nothing of a comment on the current version', () => {
    expect(draw(<CommentVersion version={3} />)).toBe('')
  })
})
