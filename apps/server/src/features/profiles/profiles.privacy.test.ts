import { describe, expect, it } from 'vitest'
import { apiSetSetting, dbMakePost, makeUser, send, sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp()

type User = Awaited<ReturnType<typeof makeUser>>

const FULL_PROFILE = {
  title: 'Research Engineer',
  bio: 'I study peer review.',
  tags: 'ml,biology',
  url: 'https://ada.example.org',
  email: 'ada@example.org',
  phone: '+44 (20) 7946-0000',
  twitter: 'https://twitter.com/ada',
  github: 'https://github.com/ada',
  linkedin: 'https://linkedin.com/in/ada',
}

const PROFILE_FIELDS = ['title', 'biography', 'tags', 'badges']
const COUNT_FIELDS = ['posts_number', 'comments_total', 'comments_post', 'like_received']
const CONTACT_FIELDS = ['email', 'phone', 'userurl', 'twitter', 'github', 'linkedin']
const FLAGS = ['show_profile', 'show_posts', 'show_activity', 'show_statistics', 'show_contact']

async function authorWithFullProfile(): Promise<User> {
  const author = await makeUser(t)
  const response = await send(t, author, 'POST', '/api/v1/modify/modify_profile', {
    ...FULL_PROFILE,
    public_contact: true,
  })
  expect(response.statusCode).toBe(200)
  return author
}

async function personInformation(userId: string, headers: Record<string, string> = {}) {
  return sendTo(t, null, 'GET /auth/person_information', { query: { user_id: userId }, headers })
}

describe(`author information and privacy (${TEST_DB})`, () => {
  it('shows everything public to an anonymous visitor, with the flags', async () => {
    const author = await authorWithFullProfile()
    const response = await personInformation(author.id)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      user_id: author.id,
      _id: author.id,
      nickname: author.username,
      username: author.username,
      title: FULL_PROFILE.title,
      biography: FULL_PROFILE.bio,
      tags: ['ml,biology'],
      badges: ['ml', 'biology'],
      email: FULL_PROFILE.email,
      phone: FULL_PROFILE.phone,
      userurl: FULL_PROFILE.url,
      twitter: FULL_PROFILE.twitter,
      github: FULL_PROFILE.github,
      linkedin: FULL_PROFILE.linkedin,
      posts_number: 0,
      comments_total: 0,
      like_received: 0,
      activity: [],
      is_self: false,
      show_profile: true,
      show_posts: true,
      show_activity: true,
      show_statistics: true,
      show_contact: true,
    })
    expect(body).not.toHaveProperty('password_hash')
  })

  it('withholds contact details by default (public_contact starts off)', async () => {
    const author = await makeUser(t)
    const body = (await personInformation(author.id)).json()
    expect(body.show_contact).toBe(false)
    for (const field of CONTACT_FIELDS) expect(body).not.toHaveProperty(field)
  })

  const matrix: [flag: string, hidden: string[]][] = [
    ['public_profile', [...PROFILE_FIELDS, ...COUNT_FIELDS]],
    ['public_statistics', COUNT_FIELDS],
    ['public_activities', ['activity']],
    ['public_contact', CONTACT_FIELDS],
    ['public_posts', []],
  ]
  const everyField = [...PROFILE_FIELDS, ...COUNT_FIELDS, 'activity', ...CONTACT_FIELDS]

  it.each(matrix)(
    'with %s off: hidden from strangers and anonymous visitors, shown to the owner',
    async (flag, hidden) => {
      const author = await authorWithFullProfile()
      const stranger = await makeUser(t)
      await apiSetSetting(t, author, flag, false)

      const flagName = `show_${flag.replace('public_', '').replace('activities', 'activity')}`
      for (const headers of [{}, stranger.headers]) {
        const response = await personInformation(author.id, headers)
        expect(response.statusCode).toBe(200)
        const body = response.json()
        for (const field of hidden) expect(body, `${field} for a stranger`).not.toHaveProperty(field)
        for (const field of everyField.filter((f) => !hidden.includes(f))) {
          expect(body, `${field} for a stranger`).toHaveProperty(field)
        }
        for (const name of FLAGS) expect(body[name]).toBe(name !== flagName)
        expect(body.is_self).toBe(false)
        expect(body.nickname).toBe(author.username)
      }

      const own = (await personInformation(author.id, author.headers)).json()
      for (const field of everyField) expect(own, `${field} for the owner`).toHaveProperty(field)
      expect(own[flagName]).toBe(false)
      expect(own.is_self).toBe(true)
      expect(own.title).toBe(FULL_PROFILE.title)
      expect(own.email).toBe(FULL_PROFILE.email)
    },
  )

  it('with every flag off a stranger sees only the name, avatar and flags', async () => {
    const author = await authorWithFullProfile()
    for (const flag of [
      'public_profile',
      'public_posts',
      'public_activities',
      'public_statistics',
      'public_contact',
    ]) {
      await apiSetSetting(t, author, flag, false)
    }
    const body = (await personInformation(author.id)).json()
    expect(Object.keys(body).sort()).toEqual(
      ['_id', 'avatar', 'created_at', 'is_self', 'nickname', 'user_id', 'username', ...FLAGS].sort(),
    )
    for (const name of FLAGS) expect(body[name]).toBe(false)
  })

  it('answers 404 for an unknown or malformed user id and 400 without one', async () => {
    const missing = await personInformation('0192a4c8-1111-7abc-8def-123456789abc')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBe('User not found')
    expect((await personInformation('not-a-uuid')).statusCode).toBe(404)
    const none = await sendTo(t, null, 'GET /auth/person_information')
    expect(none.statusCode).toBe(400)
  })

  it('with public_posts off the posts list answers 403 to everyone but the owner; the liked list stays open', async () => {
    const author = await makeUser(t)
    const stranger = await makeUser(t)
    const postsOf = (headers: Record<string, string> = {}) =>
      sendTo(t, null, 'GET /media/user/:id/posts', { params: { id: author.id }, headers })
    expect((await postsOf()).statusCode).toBe(200)
    await apiSetSetting(t, author, 'public_posts', false)
    for (const headers of [{}, stranger.headers]) {
      const hidden = await postsOf(headers)
      expect(hidden.statusCode).toBe(403)
      expect(hidden.json().detail).toEqual(expect.any(String))
    }
    expect((await postsOf(author.headers)).statusCode).toBe(200)
    const liked = await sendTo(t, null, 'GET /media/user/:id/liked', { params: { id: author.id } })
    expect(liked.statusCode).toBe(200)
  })

  it('with public_posts off the forum list filtered by that author lists nothing but to the author', async () => {
    const author = await makeUser(t)
    const stranger = await makeUser(t)
    const postId = await dbMakePost(t, author)
    const listed = async (query: string, headers: Record<string, string> = {}) => {
      const response = await sendTo(t, null, 'GET /media/list', {
        query: Object.fromEntries(new URLSearchParams(query)),
        headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      return (response.json().items as { _id: string }[]).map((post) => post._id)
    }
    const byId = `author=${author.id}`
    const byName = `author_username=${author.username}`
    expect(await listed(byId)).toEqual([postId])
    await apiSetSetting(t, author, 'public_posts', false)
    for (const query of [byId, byName, `${byId}&sort_by=hot_desc`]) {
      expect(await listed(query)).toEqual([])
      expect(await listed(query, stranger.headers)).toEqual([])
      expect(await listed(query, author.headers)).toEqual([postId])
    }
    // The post itself stays public: only the listing by author follows the flag.
    expect(await listed('')).toContain(postId)
  })
})
