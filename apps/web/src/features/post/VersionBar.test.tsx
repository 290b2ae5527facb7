import type { PostDetailResponse } from '@agora/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { VersionBar } from './VersionBar'

// The picker offers no version the reader may not open (made while the post was private).

beforeAll(async () => {
  await i18n.changeLanguage('en')
  await i18n.loadNamespaces('post')
})

const draw = (visible: number[], version: number) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <VersionBar post={post(visible)} version={version} onChoose={() => {}} />
    </I18nextProvider>,
  )

const post = (visible: number[]) =>
  ({
    version_count: 3,
    visible_versions: visible,
    version_changelog: 'Final',
    manifest_cid: null,
  }) as Partial<PostDetailResponse> as PostDetailResponse

describe('the version picker', () => {
  it('offers only the versions the reader may open, and says how many others there are', () => {
    const html = draw([1, 3], 3)
    expect(html).toContain('Version 3 of 3')
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((match) => match[1])).toEqual(['3', '1'])
    expect(html).toContain('1 earlier version, made while the post was private, is not shown')
  })

  it('has no picker when only the current version may be opened', () => {
    const html = draw([3], 3)
    expect(html).not.toContain('<select')
    expect(html).toContain('2 earlier versions, made while the post was private, are not shown')
  })

  it('says nothing of withheld versions to a reader who may open them all', () => {
    const html = draw([1, 2, 3], 2)
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((match) => match[1])).toEqual(['3', '2', '1'])
    expect(html).not.toContain('not shown')
  })
})
