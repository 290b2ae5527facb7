import type { ApiKey } from '@agora/contract'
// Text an attacker or a broken client sends: a NUL or another control character in any field
// answers 400 naming it (not 500: a PostgreSQL text cannot hold a NUL), bidirectional overrides
// leave names, and a username that reads as another's (Cyrillic or fullwidth letters) answers 409.
import { describe, expect, it } from 'vitest'
import { makeUser, send, sendTo, sendUpload } from '../factories'
import { useTestApp } from '../harness'

const t = useTestApp()

/** The path of a POST endpoint that takes no path parameter. */
type PostPath = ApiKey extends infer K
  ? K extends `POST ${infer P}`
    ? P extends `${string}:${string}`
      ? never
      : P
    : never
  : never

function post(path: PostPath, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return sendTo(t, null, `POST ${path}`, { json: payload, headers })
}

function expectRefused(response: Awaited<ReturnType<typeof post>>, field: string) {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.json().detail).toBe(`${field} must not contain control characters (such as NUL)`)
}

describe('control characters', () => {
  it('refuse registration fields with a NUL: username, password, nickname, bio, title, url, tags', async () => {
    const valid = { username: 'nul_tester', password: 'correct horse battery' }
    for (const field of ['username', 'password', 'nickname', 'bio', 'title', 'url', 'tags']) {
      expectRefused(await post('/auth/register', { ...valid, [field]: 'a\u0000b' }), field)
    }
    // Nothing was half-written: the name is still free.
    expect((await post('/auth/register', valid)).statusCode).toBe(201)
  })

  it('refuse a login with a NUL whether or not the account exists, as JSON and as a form', async () => {
    const user = await makeUser(t)
    expectRefused(await post('/auth/token', { username: 'nobody\u0000', password: 'x' }), 'username')
    expectRefused(await post('/auth/token', { username: user.username, password: 'pw\u0000' }), 'password')
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%00b&password=x',
    })
    expectRefused(form, 'username')
  })

  it('refuse profile edits, a search and an upload with a control character, and keep what was there', async () => {
    const user = await makeUser(t)
    for (const field of ['nickname', 'bio', 'title', 'url']) {
      expectRefused(
        await post('/modify/modify_profile', { user_id: user.id, [field]: 'x\u0000y' }, user.headers),
        field,
      )
    }
    expectRefused(
      await post('/modify/modify_profile', { user_id: user.id, bio: 'bell\u0007' }, user.headers),
      'bio',
    )
    const me = await sendTo(t, user, 'GET /auth/me')
    expect(me.json().bio).toBe('')

    const search = await t.app.inject({ method: 'GET', url: '/api/v1/media/list?search=a%00b' })
    expectRefused(search, 'search')

    for (const field of ['title', 'tags', 'content']) {
      const upload = await sendUpload(t, user, { title: 'Fine title', [field]: 'bad\u0000text' }, [
        { name: 'notes.txt', data: Buffer.from('Notes on reefs.'), type: 'text/plain' },
      ])
      expectRefused(upload, field)
    }
    const list = await send(t, user, 'GET', `/api/v1/media/user/${user.id}/posts`)
    expect(list.statusCode).toBe(200)
    expect(JSON.stringify(list.json())).not.toContain('Fine title')
  })

  it('keep tabs and line breaks, which are text', async () => {
    const user = await makeUser(t)
    const edited = await post(
      '/modify/modify_profile',
      { user_id: user.id, bio: 'line one\r\nline\ttwo' },
      user.headers,
    )
    expect(edited.statusCode, edited.body).toBe(200)
  })
})

describe('names', () => {
  it('lose bidirectional overrides: a file name and a display name read as they are', async () => {
    const user = await makeUser(t)
    const upload = await sendUpload(t, user, { title: 'Override' }, [
      { name: 'report\u202etxt.exe', data: Buffer.from('Plain words.'), type: 'text/plain' },
    ])
    expect(upload.statusCode, upload.body).toBe(201)
    expect(upload.json().post.media[0].name).toBe('reporttxt.exe')
    const renamed = await post(
      '/modify/modify_profile',
      { user_id: user.id, nickname: '\u202eAda\u2066 L' },
      user.headers,
    )
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().nickname).toBe('Ada L')
  })

  it('refuse a username that looks like a taken one: Cyrillic, fullwidth, or 1 for l', async () => {
    const ada = await makeUser(t, { username: 'ada_lab' })
    for (const lookAlike of ['\u0430da_lab', '\uff41\uff44\uff41_lab', 'ada_1ab', 'ADA_LAB']) {
      const response = await post('/auth/register', {
        username: lookAlike,
        password: 'correct horse battery',
      })
      expect(response.statusCode, lookAlike).toBe(409)
    }
    const cyrillic = await post('/auth/register', {
      username: '\u0430da_lab',
      password: 'correct horse battery',
    })
    expect(cyrillic.json().detail).toBe(
      'That username looks the same as one already taken; please choose another',
    )

    // Nor by a rename; one's own name in other letter case is fine.
    const mira = await makeUser(t, { username: 'mira_chen' })
    const taken = await post(
      '/modify/modify_profile',
      { user_id: mira.id, username: 'ada_Iab' },
      mira.headers,
    )
    expect(taken.statusCode).toBe(409)
    const own = await post('/modify/modify_profile', { user_id: ada.id, username: 'Ada_Lab' }, ada.headers)
    expect(own.statusCode, own.body).toBe(200)
    // A name that only resembles (another letter) is free.
    expect(
      (await post('/auth/register', { username: 'ada_lap', password: 'correct horse battery' })).statusCode,
    ).toBe(201)
  })
})
