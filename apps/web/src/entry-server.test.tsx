// The screens the server draws before the app runs (entry-server.tsx), rendered here in Node as the
// server renders them: the app's own markup, in the reader's language, with the users' words escaped.
import type { PostDetailResponse, PostListItem, StatsResponse } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { renderForum, renderHome, renderPost, renderPostText } from './entry-server'
import { sampleComment } from './features/comments/sampleComment'

const HOSTILE = 'Tide <script>alert(1)</script> & "pools"'
const ESCAPED = 'Tide &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;pools&quot;'

const picture = {
  url: '/api/v1/files/bafkreidouzu2eih6jvrqmg6t2wrpx652rlmym574iw5gf3e6folqckxnsi',
  cid: 'bafkreidouzu2eih6jvrqmg6t2wrpx652rlmym574iw5gf3e6folqckxnsi',
  name: 'map.png',
  mime: 'image/png',
  size: 68_000,
  kind: 'image' as const,
}

const post: PostDetailResponse = {
  _id: '01a20322-8cbd-76f1-a207-05bc0338dbfd',
  id: '01a20322-8cbd-76f1-a207-05bc0338dbfd',
  title: HOSTILE,
  author_id: '01a20322-0000-7000-8000-000000000001',
  author_name: 'ada_lab',
  author_avatar: '',
  user_id: '01a20322-0000-7000-8000-000000000001',
  user_name: 'ada_lab',
  user_avatar: '',
  author: 'ada_lab',
  Summary: 'Two bright regions.',
  summary: 'Two bright regions.',
  content: '# Results\n\n<img src=x onerror=alert(2)>',
  timestamp: new Date(Date.now() - 3 * 3600_000).toISOString(),
  created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  likes: 1234,
  comments: 3,
  tags: ['fmri'],
  media: [picture],
  file_paths: [picture.url],
  media_type: 'image',
  visibility: 'public',
  ai_analysis: '{}',
  license: 'CC-BY-4.0',
  doi: '',
  author_orcid: '',
  author_display_name: 'Ada Lindqvist',
  is_liked: false,
  revision: 1,
  edited_at: null,
  version: 1,
  version_count: 1,
  visible_versions: [1],
  version_changelog: '',
  manifest_cid: null,
}

const card: PostListItem = {
  _id: post.id,
  id: post.id,
  title: HOSTILE,
  summary: 'Two bright regions.',
  preview: 'Two bright regions.',
  user_id: post.user_id,
  user_name: 'ada_lab',
  author: 'ada_lab',
  author_display_name: 'Ada Lindqvist',
  user_avatar: '',
  avatar: '',
  created_at: post.created_at,
  media_type: 'image',
  file_paths: [picture.url],
  media: [picture],
  tags: ['fmri'],
  likes: 12,
  comments: 3,
  visibility: 'public',
  review_count: 0,
  rating_mean: null,
}

const stats: StatsResponse = {
  members: 4321,
  posts: 15,
  comments: 14,
  tokens_distributed: 500,
  tokens_earned: 214,
}

describe('the forum drawn on the server', () => {
  it("draws the hero, search, sort buttons and the first page's cards in English", async () => {
    const drawn = await renderForum('/forum', 'en', {
      list: { items: [card], has_next: true, next_cursor: null },
      stats,
    })
    expect(drawn.title).toBe('Community Forum · Agora')
    expect(drawn.description).toMatch(/^Browse, search and sort research/)
    expect(drawn.html).toContain('<h1 class="forum-hero__title">Community Forum</h1>')
    expect(drawn.html).toContain('<dd title="214">214</dd>')
    expect(drawn.html).toContain('placeholder="Search topics, tags, or authors..."')
    expect(drawn.html).toContain('<span>Hot</span>')
    expect(drawn.html).toContain(`<img class="cover" src="${picture.url}"`)
    expect(drawn.html).toContain(`href="/forum/detail/${post.id}"`)
    expect(drawn.html).toContain(ESCAPED)
    expect(drawn.html).toContain('3 hours ago')
    expect(drawn.html).not.toContain('<script>')
  })

  it('draws it in Chinese for a Chinese reader', async () => {
    const drawn = await renderForum('/forum', 'zh', {
      list: { items: [card], has_next: false, next_cursor: null },
      stats,
    })
    expect(drawn.title).toBe('社区论坛 · Agora')
    expect(drawn.html).toContain('<h1 class="forum-hero__title">社区论坛</h1>')
    expect(drawn.html).toContain('3小时前')
    expect(drawn.html).not.toContain('Community Forum')
  })

  it('shows the counts loading when they could not be read, as the app does', async () => {
    const drawn = await renderForum('/forum', 'en', {
      list: { items: [card], has_next: false, next_cursor: null },
      stats: null,
    })
    expect(drawn.html).toContain('aria-busy="true"')
    expect(drawn.html).not.toContain('<dd title="214">')
  })
})

describe("a post's page drawn on the server", () => {
  it('draws the post with its picture first, its counts and its text as Markdown, raw HTML left out', async () => {
    const drawn = await renderPost(`/forum/detail/${post.id}`, 'en', post.id, post)
    expect(drawn.title).toBe(`${HOSTILE} · Agora`)
    expect(drawn.description).toBe('Two bright regions.')
    expect(drawn.html).toContain(`<h1 class="post__title">${ESCAPED}</h1>`)
    // The display name, with the username beside it.
    expect(drawn.html).toContain(
      '<span class="author-name__display">Ada Lindqvist</span><span class="author-name__handle">@<!-- -->ada_lab</span>',
    )
    expect(drawn.html).toMatch(/<img class="carousel__image" src="[^"]+" alt="map.png" fetchPriority="high"/)
    expect(drawn.html).toContain('1.2K')
    // The text's own headings start below the page's h1, as the app draws them; its raw HTML never.
    expect(drawn.html).toContain('<h2>Results</h2>')
    expect(drawn.html).not.toContain('onerror')
    expect(drawn.parts).toEqual(['markdown'])
    expect(drawn.html).not.toContain('<script>')
    expect(drawn.html).toContain('>Back</')
  })

  it('draws math and highlighted code as the app does, and names their stylesheets', async () => {
    const scholarly = {
      ...post,
      content: 'Energy: $E = mc^2$ and $\\href{javascript:alert(1)}{x}$\n\n```ts\nconst c = 299792458\n```',
    }
    const drawn = await renderPost(`/forum/detail/${post.id}`, 'en', post.id, scholarly)
    expect(drawn.html).toContain('class="katex"')
    expect(drawn.html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>')
    expect(drawn.html).not.toMatch(/href="javascript:/i) // \href is shown as inert text
    expect(drawn.html).toMatch(/<code class="hljs language-ts">/)
    expect(drawn.parts).toEqual(['markdown', 'math', 'code'])
  })

  it('draws the first comments with the post, their text escaped, for the first paint', async () => {
    const comment = sampleComment({
      _id: '01a20322-8cbd-76f1-a207-05bc0338dbfe',
      postId: post.id,
      userId: 'u2',
      username: 'bob_lab',
      display_name: 'Bob Lindqvist',
      content: 'Which <b>filter</b> did you use?',
      createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      likes: 2,
    })
    const drawn = await renderPost(`/forum/detail/${post.id}`, 'en', post.id, post, [comment])
    expect(drawn.html).toContain('bob_lab')
    expect(drawn.html).toContain('Which &lt;b&gt;filter&lt;/b&gt; did you use?')
    expect(drawn.html).not.toContain('<b>filter')
    // Without them the section is drawn loading, as the app shows it.
    const without = await renderPost(`/forum/detail/${post.id}`, 'en', post.id, post, null)
    expect(without.html).not.toContain('bob_lab')
  })

  it('draws a page with its text drawn apart as it draws it in one go, and no text can take its place', async () => {
    const forged = '<template data-drawn-text=""></template>'
    const scholarly = {
      ...post,
      title: forged,
      content: `${forged}\n\nEnergy: $E = mc^2$, $\\frac{1}{$\n\n\`\`\`ts\nconst c = 299792458\n\`\`\``,
    }
    const url = `/forum/detail/${post.id}`
    for (const language of ['en', 'zh'] as const) {
      const whole = await renderPost(url, language, post.id, scholarly)
      const text = await renderPostText({ text: scholarly.content, language })
      expect(await renderPost(url, language, post.id, scholarly, null, { text })).toEqual(whole)
    }
    const plain = await renderPost(url, 'en', post.id, scholarly, null, { plainText: true })
    expect(plain.html).toContain('post__content--plain')
    expect(plain.html).not.toContain(forged)
    expect(plain.parts).toEqual(['markdown'])
  })

  it("draws the page's own buttons in Chinese for a Chinese reader", async () => {
    const drawn = await renderPost(`/forum/detail/${post.id}`, 'zh', post.id, post)
    expect(drawn.html).toContain('>返回</')
    expect(drawn.html).not.toContain('>Back</')
  })
})

describe('the home page drawn on the server', () => {
  it('draws the hero, the search and the counts in the reader’s language', async () => {
    const english = await renderHome('/', 'en', stats)
    expect(english.title).toBe('Science Without Boundaries, Value Unlocked · Agora')
    expect(english.html).toContain('<h1 id="home-title" class="home-hero__title">Agora</h1>')
    expect(english.html).toContain('title="4,321">4.3K</dd>')
    const chinese = await renderHome('/', 'zh', null)
    expect(chinese.html).toContain('一个连接学术思想、将研究洞见代币化的学术交流平台。')
    expect(chinese.html).not.toContain('Science Without Boundaries')
  })
})
