// The not-found screens the server draws into the pages it answers 404 or 410 with (entry-server.tsx).
import { POST_UNAVAILABLE } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { renderNotFound, renderPostUnavailable } from './entry-server'

const ID = '01a20322-8cbd-76f1-a207-05bc0338dbfd'
const URL_OF_POST = `/forum/detail/${ID}`

describe('not-found screens drawn on the server', () => {
  it('draws the app’s not-found screen for an address that is no screen', async () => {
    const drawn = await renderNotFound('/nope', 'en')
    expect(drawn.html).toContain('<h1>Page not found</h1>')
    expect(drawn.title).toBe('Page not found · Agora')
    expect((await renderNotFound('/nope', 'zh')).html).not.toContain('Page not found')
  })

  it('draws a hidden post as hidden by the moderators, with their reason escaped', async () => {
    const drawn = await renderPostUnavailable(URL_OF_POST, 'en', ID, {
      status: 404,
      code: POST_UNAVAILABLE.hidden,
      reason: 'Needs <b>a</b> source',
    })
    expect(drawn.html).toContain('This post was hidden by the moderators')
    expect(drawn.html).toContain('Reason: Needs &lt;b&gt;a&lt;/b&gt; source')
    expect(drawn.title).toBe('This post was hidden by the moderators · Agora')
    expect(drawn.html).not.toContain('Loading post')
  })

  it('draws a removed post as removed, and an unknown one as not found, in Chinese too', async () => {
    const removed = await renderPostUnavailable(URL_OF_POST, 'zh', ID, {
      status: 410,
      code: POST_UNAVAILABLE.removed,
    })
    expect(removed.html).toContain('此帖子已被审核员移除')
    const unknown = await renderPostUnavailable(URL_OF_POST, 'en', ID, {
      status: 404,
      code: POST_UNAVAILABLE.notFound,
    })
    expect(unknown.html).toContain('Post not found')
    expect(unknown.html).not.toContain('moderators')
  })

  it('draws a post its author deleted as deleted, with no moderators in it, in Chinese too', async () => {
    const answer = { status: 410, code: POST_UNAVAILABLE.deleted }
    const deleted = await renderPostUnavailable(URL_OF_POST, 'en', ID, answer)
    expect(deleted.html).toContain('This post was deleted by its author')
    expect(deleted.title).toBe('This post was deleted by its author · Agora')
    expect(deleted.html).not.toContain('moderators')
    expect(deleted.html).not.toContain('/mod/log')
    expect((await renderPostUnavailable(URL_OF_POST, 'zh', ID, answer)).html).toContain('此帖子已被作者删除')
  })
})
