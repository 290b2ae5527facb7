import { AVATAR_MAX_BYTES } from '@agora/contract'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { makeUser, send, sendForm, sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp()

type User = Awaited<ReturnType<typeof makeUser>>

/** A multipart body as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Uint8Array },
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) form.append('new_avatar', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }
}

async function uploadAvatar(
  user: User | null,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const body = await multipart(fields, file)
  return sendForm(t, user, '/api/v1/modify/modify_avatar', body)
}

function photo(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer()
}

async function avatarOf(user: User): Promise<string> {
  const me = await sendTo(t, user, 'GET /auth/me')
  return me.json().avatar
}

describe(`avatar upload (${TEST_DB})`, () => {
  it('stores a square 256 px WebP in the blob store and points the avatar at it', async () => {
    const user = await makeUser(t)
    const response = await uploadAvatar(
      user,
      { user_id: user.id },
      { name: 'me.png', type: 'image/png', bytes: await photo(900, 600) },
    )
    expect(response.statusCode, response.body).toBe(200)
    const { avatar } = response.json()
    expect(response.json()).toMatchObject({ status: 'success', message: 'Avatar updated', user_id: user.id })
    expect(avatar).toMatch(/^\/api\/v1\/files\/b[a-z2-7]+$/)
    expect(await avatarOf(user)).toBe(avatar)

    const file = await t.app.inject({ method: 'GET', url: avatar })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/webp')
    const meta = await sharp(file.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })

    const info = await sendTo(t, null, 'GET /auth/person_information', { query: { user_id: user.id } })
    expect(info.json().avatar).toBe(avatar)
  })

  it('takes a JPEG sent without user_id (the caller)', async () => {
    const user = await makeUser(t)
    const response = await uploadAvatar(
      user,
      {},
      { name: 'me.jpg', type: 'image/jpeg', bytes: await photo(100, 300, 'jpeg') },
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(await avatarOf(user)).toBe(response.json().avatar)
  })

  it('refuses text renamed to .png with 415, whatever the declared type', async () => {
    const user = await makeUser(t)
    const response = await uploadAvatar(
      user,
      { user_id: user.id },
      { name: 'avatar.png', type: 'image/png', bytes: new TextEncoder().encode('definitely not an image\n') },
    )
    expect(response.statusCode).toBe(415)
    expect(response.json().detail).toBe('Invalid file type. Please upload an image file.')
    expect(await avatarOf(user)).toBe('')
  })

  it('refuses a PDF renamed to .png and a PNG that is cut off', async () => {
    const user = await makeUser(t)
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
    expect((await uploadAvatar(user, {}, { name: 'a.png', type: 'image/png', bytes: pdf })).statusCode).toBe(
      415,
    )
    const png = await photo(400, 400)
    const truncated = png.subarray(0, 60)
    const response = await uploadAvatar(user, {}, { name: 'b.png', type: 'image/png', bytes: truncated })
    expect(response.statusCode).toBe(415)
    expect(await avatarOf(user)).toBe('')
  })

  it('refuses more than 5 MB with 413 and takes exactly 5 MB', async () => {
    const user = await makeUser(t)
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1, 7)
    const tooBig = await uploadAvatar(user, {}, { name: 'big.png', type: 'image/png', bytes: big })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().detail).toBe('The avatar must be at most 5 MB')

    // A real PNG padded after its end to exactly the limit.
    const png = await photo(64, 64)
    const exact = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)])
    const ok = await uploadAvatar(user, {}, { name: 'padded.png', type: 'image/png', bytes: exact })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it("refuses another user's avatar with 403 and needs a login", async () => {
    const owner = await makeUser(t)
    const intruder = await makeUser(t)
    const file = { name: 'x.png', type: 'image/png', bytes: await photo(50, 50) }
    const forbidden = await uploadAvatar(intruder, { user_id: owner.id }, file)
    expect(forbidden.statusCode).toBe(403)
    expect(await avatarOf(owner)).toBe('')
    expect((await uploadAvatar(null, { user_id: owner.id }, file)).statusCode).toBe(401)
  })

  it('answers 400 without a file and 415 for a body that is not multipart', async () => {
    const user = await makeUser(t)
    const none = await uploadAvatar(user, { user_id: user.id })
    expect(none.statusCode).toBe(400)
    expect(none.json().detail).toBe('Please choose an image to upload')
    const json = await send(t, user, 'POST', '/api/v1/modify/modify_avatar', {
      user_id: user.id,
      new_avatar: 'https://example.org/me.png',
    })
    expect(json.statusCode).toBe(415)
  })
})
