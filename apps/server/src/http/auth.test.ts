import { SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tokenSigner } from './auth'

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256'

describe('tokenSigner', () => {
  afterEach(() => vi.useRealTimers())

  it('answers the claims of its own token, again from memory', async () => {
    const signer = tokenSigner(SECRET)
    const token = await signer.sign('user-1', 'session-1', 900)
    for (let i = 0; i < 2; i++) {
      const claims = await signer.verify(token)
      expect(claims).toMatchObject({ userId: 'user-1', sessionId: 'session-1' })
    }
  })

  it('refuses a remembered token once it has expired', async () => {
    const signer = tokenSigner(SECRET)
    const token = await signer.sign('user-1', 'session-1', 60)
    expect(await signer.verify(token)).not.toBeNull()
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] })
    expect(await signer.verify(token)).toBeNull()
    expect(await signer.verify(token)).toBeNull()
  })

  it('refuses a token signed with another key or altered, even after its own was verified', async () => {
    const signer = tokenSigner(SECRET)
    const token = await signer.sign('user-1', 'session-1', 900)
    expect(await signer.verify(token)).not.toBeNull()
    const foreign = await tokenSigner(`${SECRET}-other`).sign('user-1', 'session-1', 900)
    expect(await signer.verify(foreign)).toBeNull()
    const [header, , signature] = token.split('.')
    const payload = Buffer.from(JSON.stringify({ sub: 'user-2', sid: 'session-1', exp: 9e9 })).toString(
      'base64url',
    )
    expect(await signer.verify(`${header}.${payload}.${signature}`)).toBeNull()
    const none = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-1')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(SECRET))
    expect(await signer.verify(none)).toBeNull()
  })
})
