import type { PersonInformationResponse } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { badgesOf, socialHref, toAuthorProfile } from './authorProfile'

const base: PersonInformationResponse = {
  user_id: 'u1',
  _id: 'u1',
  username: 'ada',
  nickname: '',
  avatar: '',
  created_at: '2026-01-01T00:00:00.000Z',
  is_self: false,
  show_profile: true,
  show_posts: true,
  show_activity: true,
  show_statistics: true,
  show_contact: true,
}

describe('toAuthorProfile', () => {
  it('reads everything a fully public profile gives', () => {
    const profile = toAuthorProfile({
      ...base,
      nickname: 'Ada L.',
      title: 'Analyst',
      biography: 'Engines.',
      tags: ['math, engines'],
      badges: ['math', 'engines'],
      posts_number: 3,
      comments_total: 4,
      comments_post: 9,
      like_received: 5,
      tokens_earned: '12500000000',
      activity: [],
      email: 'ada@example.org',
      phone: '+44 1',
      userurl: 'https://ada.example.org',
      twitter: '@ada',
      github: '',
      linkedin: '',
    })
    expect(profile).toMatchObject({
      id: 'u1',
      name: 'Ada L.',
      title: 'Analyst',
      bio: 'Engines.',
      badges: ['math', 'engines'],
      stats: { posts: 3, comments: 4, likes: 5, tokensEarned: '12500000000' },
      activities: [],
      contact: { email: 'ada@example.org', phone: '+44 1' },
      userUrl: 'https://ada.example.org',
      social: { twitter: '@ada', github: '', linkedin: '' },
    })
  })

  it('marks withheld sections as null and keeps the flags', () => {
    const profile = toAuthorProfile({ ...base, show_profile: false, show_activity: false })
    expect(profile.name).toBe('ada')
    expect(profile.stats).toBeNull()
    expect(profile.activities).toBeNull()
    expect(profile.privacy).toEqual({
      showProfile: false,
      showPosts: true,
      showActivity: false,
      showStatistics: true,
      showContact: true,
    })
    expect(profile.contact).toEqual({ email: '', phone: '' })
  })

  it('falls back to comments on posts when comments written is absent', () => {
    expect(toAuthorProfile({ ...base, posts_number: 1, comments_post: 7 }).stats).toEqual({
      posts: 1,
      comments: 7,
      likes: 0,
      tokensEarned: null,
      reviews: null,
    })
  })
})

describe('badgesOf', () => {
  it('splits the first tag on commas when there is no plain list, trimmed and unique', () => {
    expect(badgesOf({ tags: [' a, b ,,a '] })).toEqual(['a', 'b'])
    expect(badgesOf({})).toEqual([])
  })
})

describe('socialHref', () => {
  it('turns handles into network links and keeps only http(s) addresses', () => {
    expect(socialHref('twitter', '@ada')).toBe('https://twitter.com/ada')
    expect(socialHref('github', 'ada-l')).toBe('https://github.com/ada-l')
    expect(socialHref('linkedin', 'https://www.linkedin.com/in/ada')).toBe('https://www.linkedin.com/in/ada')
    expect(socialHref('github', 'javascript:alert(1)')).toBeNull()
    expect(socialHref('github', '  ')).toBeNull()
  })
})
