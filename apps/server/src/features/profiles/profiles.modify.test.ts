import type { ApiKey } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { makeUser, send, sendLogin, sendTo, urlEncoded } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp()

type User = Awaited<ReturnType<typeof makeUser>>

/** POSTs form-encoded, as the first client does. */
/** The name of a POST /modify/… endpoint. */
type ModifyPath = ApiKey extends infer K ? (K extends `POST /modify/${infer P}` ? P : never) : never

function postForm(user: User | null, path: ModifyPath, fields: Record<string, string>) {
  return sendTo(t, user, `POST /modify/${path}`, { form: urlEncoded(fields) })
}

function postJson(user: User, path: ModifyPath, body: Record<string, unknown>) {
  return sendTo(t, user, `POST /modify/${path}`, { json: body })
}

async function me(user: User) {
  const response = await sendTo(t, user, 'GET /auth/me')
  expect(response.statusCode).toBe(200)
  return response.json()
}

/** A new account's five privacy flags: all public but the contact details. */
const NEW_ACCOUNT_SETTINGS = {
  public_posts: true,
  public_activities: true,
  public_profile: true,
  public_statistics: true,
  public_contact: false,
}

const url = (length: number) => {
  const base = 'https://example.org/'
  return base + 'a'.repeat(length - base.length)
}

/** Each single-field call, its field in the own user data, and a value it accepts. */
const singleFieldCalls: [path: ModifyPath, param: string, field: string, value: string][] = [
  ['modify_title', 'new_title', 'title', 'Senior Researcher'],
  ['modify_bio', 'new_bio', 'bio', 'Peer review, open data.'],
  ['modify_url', 'new_url', 'url', 'https://ada.example.org'],
  ['modify_email', 'new_email', 'email', 'ada@example.org'],
  ['modify_phone', 'new_phone', 'phone', '+1 (555) 123-4567'],
]

describe(`modifying one's own profile (${TEST_DB})`, () => {
  it.each(singleFieldCalls)(
    '%s saves a form-encoded value and answers it',
    async (path, param, field, value) => {
      const user = await makeUser(t)
      const response = await postForm(user, path, { user_id: user.id, [param]: value })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ status: 'success', user_id: user.id, [field]: value })
      expect((await me(user))[field]).toBe(value)
    },
  )

  it.each(singleFieldCalls)(
    '%s accepts JSON and a missing user_id means the caller',
    async (path, param, field, value) => {
      const user = await makeUser(t)
      const response = await postJson(user, path, { [param]: value })
      expect(response.statusCode).toBe(200)
      expect((await me(user))[field]).toBe(value)
    },
  )

  it.each([
    ...singleFieldCalls.map(([path, param, , value]) => [path, { [param]: value }] as const),
    ['modify_settings', { new_public_profile: 'false' }] as const,
    ['modify_profile', { title: 'Hijacked' }] as const,
  ])('%s refuses to modify another user with 403 and changes nothing', async (path, fields) => {
    const owner = await makeUser(t)
    const intruder = await makeUser(t)
    const before = await me(owner)
    const response = await postForm(intruder, path, { user_id: owner.id, ...fields })
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toBe('You can only modify your own profile')
    expect(await me(owner)).toEqual(before)
  })

  it('needs a login', async () => {
    const owner = await makeUser(t)
    const response = await postForm(null, 'modify_title', { user_id: owner.id, new_title: 'Anonymous edit' })
    expect(response.statusCode).toBe(401)
    expect(response.json().detail).toBe('Please login to edit your profile')
  })

  it.each<[ModifyPath, string, string, string, string]>([
    ['modify_title', 'new_title', 'title', 'x'.repeat(40), 'x'.repeat(41)],
    ['modify_bio', 'new_bio', 'bio', 'b'.repeat(500), 'b'.repeat(501)],
    ['modify_url', 'new_url', 'url', url(60), url(61)],
    ['modify_phone', 'new_phone', 'phone', '1'.repeat(20), '1'.repeat(21)],
  ])(
    '%s takes the maximum length and refuses one more with 400',
    async (path, param, field, longest, tooLong) => {
      const user = await makeUser(t)
      const ok = await postForm(user, path, { user_id: user.id, [param]: longest })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()[field]).toBe(longest)
      const refused = await postForm(user, path, { user_id: user.id, [param]: tooLong })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().detail).toEqual(expect.any(String))
      expect((await me(user))[field]).toBe(longest)
    },
  )

  it.each(['ftp://example.org/file', 'javascript:alert(1)', 'example.org', 'https://'])(
    'refuses the website %s: http and https only',
    async (value) => {
      const user = await makeUser(t)
      const response = await postForm(user, 'modify_url', { user_id: user.id, new_url: value })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ detail: 'Website must be an http:// or https:// address' })
    },
  )

  it('clears the website with an empty value', async () => {
    const user = await makeUser(t)
    await postForm(user, 'modify_url', { new_url: 'http://example.org' })
    const response = await postForm(user, 'modify_url', { new_url: '' })
    expect(response.statusCode).toBe(200)
    expect((await me(user)).url).toBe('')
  })

  it.each(['not-an-email', 'a@', '@example.org', 'two@@example.org'])(
    'refuses the email %s',
    async (value) => {
      const user = await makeUser(t)
      const response = await postForm(user, 'modify_email', { new_email: value })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].field).toContain('new_email')
    },
  )

  it.each(['555-CALL-NOW', '123;456', '+1 555 0100 ext. 2'])('refuses the phone %s', async (value) => {
    const user = await makeUser(t)
    const response = await postForm(user, 'modify_phone', { new_phone: value })
    expect(response.statusCode).toBe(400)
  })

  describe('username', () => {
    it('takes 1 and 20 characters and refuses 0 and 21', async () => {
      const user = await makeUser(t)
      for (const name of ['q', 'n'.repeat(20)]) {
        const response = await postJson(user, 'modify_profile', { username: name })
        expect(response.statusCode).toBe(200)
        expect(response.json().username).toBe(name)
      }
      for (const name of ['', 'n'.repeat(21)]) {
        expect((await postJson(user, 'modify_profile', { username: name })).statusCode).toBe(400)
      }
      expect((await me(user)).username).toBe('n'.repeat(20))
    })

    it('refuses a name another user holds in any letter case with 409', async () => {
      await makeUser(t, { username: 'grace' })
      const user = await makeUser(t)
      const response = await postJson(user, 'modify_profile', { username: 'GRACE' })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ detail: 'That username is already taken' })
    })

    it("changes the letter case of one's own name, and the display name that followed it", async () => {
      const user = await makeUser(t, { username: 'hopper' })
      const response = await postForm(user, 'modify_profile', { user_id: user.id, username: 'Hopper' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ username: 'Hopper', nickname: 'Hopper' })
      expect(await me(user)).toMatchObject({ username: 'Hopper', nickname: 'Hopper' })
      // The new name logs in.
      const login = await sendLogin(t, { username: 'Hopper', password: user.password, secure_mode: false })
      expect(login.statusCode).toBe(200)
    })

    it('refuses spaces and punctuation outside _ . -', async () => {
      const user = await makeUser(t)
      expect((await postJson(user, 'modify_profile', { username: 'two words' })).statusCode).toBe(400)
      expect((await postJson(user, 'modify_profile', { username: 'semi;colon' })).statusCode).toBe(400)
    })
  })

  describe('settings', () => {
    it('takes form strings and answers all five flags', async () => {
      const user = await makeUser(t)
      const response = await postForm(user, 'modify_settings', {
        user_id: user.id,
        new_public_posts: 'false',
        new_public_activities: 'off',
        new_public_profile: '0',
        new_public_statistics: 'true',
        new_public_contact: 'on',
      })
      expect(response.statusCode).toBe(200)
      const expected = {
        ...NEW_ACCOUNT_SETTINGS,
        public_posts: false,
        public_activities: false,
        public_profile: false,
        public_contact: true,
      }
      expect(response.json().settings).toEqual(expected)
      expect((await me(user)).settings).toEqual(expected)
    })

    it('changes only the flags sent, from JSON booleans', async () => {
      const user = await makeUser(t)
      const response = await postJson(user, 'modify_settings', { new_public_contact: true })
      expect(response.statusCode).toBe(200)
      expect((await me(user)).settings).toEqual({ ...NEW_ACCOUNT_SETTINGS, public_contact: true })
    })

    it('refuses a value that is not a boolean, and an empty request', async () => {
      const user = await makeUser(t)
      expect((await postForm(user, 'modify_settings', { new_public_posts: 'maybe' })).statusCode).toBe(400)
      const empty = await postForm(user, 'modify_settings', { user_id: user.id })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().detail).toBe('Nothing to update: send at least one field')
    })
  })

  describe('modify_profile', () => {
    it('saves several known fields at once and answers them', async () => {
      const user = await makeUser(t)
      const response = await postJson(user, 'modify_profile', {
        user_id: user.id,
        title: '  Archivist  ',
        tags: 'history, archives ,history',
        github: 'https://github.com/ada',
        public_profile: false,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        status: 'success',
        message: 'Profile updated',
        user_id: user.id,
        title: 'Archivist',
        tags: ['history', 'archives'],
        github: 'https://github.com/ada',
        settings: { ...NEW_ACCOUNT_SETTINGS, public_profile: false },
      })
      expect(await me(user)).toMatchObject({ title: 'Archivist', tags: ['history', 'archives'] })
      const own = await send(t, user, 'GET', `/api/v1/auth/person_information?user_id=${user.id}`)
      expect(own.json()).toMatchObject({ github: 'https://github.com/ada', show_profile: false })
    })

    it('names a single field in its message', async () => {
      const user = await makeUser(t)
      const response = await postForm(user, 'modify_profile', { bio: 'Short bio' })
      expect(response.json()).toMatchObject({ message: 'Bio updated', bio: 'Short bio' })
    })

    it('refuses unknown fields with 400 and changes nothing', async () => {
      const user = await makeUser(t)
      const response = await postJson(user, 'modify_profile', {
        title: 'Fine',
        password_hash: 'x',
        is_admin: true,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        detail: 'Unknown fields: password_hash, is_admin',
        errors: [
          { field: 'password_hash', message: 'is not a profile field' },
          { field: 'is_admin', message: 'is not a profile field' },
        ],
      })
      expect((await me(user)).title).toBe('')
    })

    it('applies the same limits as the single-field calls', async () => {
      const user = await makeUser(t)
      expect((await postJson(user, 'modify_profile', { title: 'x'.repeat(41) })).statusCode).toBe(400)
      expect((await postJson(user, 'modify_profile', { bio: 'x'.repeat(501) })).statusCode).toBe(400)
      expect((await postJson(user, 'modify_profile', { url: url(61) })).statusCode).toBe(400)
      expect((await postJson(user, 'modify_profile', { twitter: 'twitter.com/ada' })).statusCode).toBe(400)
      expect((await postJson(user, 'modify_profile', { email: 'nope' })).statusCode).toBe(400)
      const tooManyTags = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')
      expect((await postJson(user, 'modify_profile', { tags: tooManyTags })).statusCode).toBe(400)
    })

    it('refuses an empty request', async () => {
      const user = await makeUser(t)
      expect((await postJson(user, 'modify_profile', { user_id: user.id })).statusCode).toBe(400)
    })
  })
})
