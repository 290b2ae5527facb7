// Measures login answers for an unknown user against a wrong password for a real one, which must
// take the same time. A measurement, not a test: timing has no place in `npm test`.
//   npx tsx apps/server/test/access/login-timing.ts [rounds]
import { makeUser } from '../factories'
import { createTestApp } from '../harness'
import { compareMedians, timeAnswer } from './timing'

const rounds = Number(process.argv[2]) || 40
const t = await createTestApp({ AUTH_RATE_LIMIT: '100000' })
const user = await makeUser(t)

const timeLogin = (username: string) =>
  timeAnswer(
    t,
    { method: 'POST', url: '/api/v1/auth/token', payload: { username, password: 'not the password' } },
    401,
  )

const unknown: number[] = []
const wrong: number[] = []
await timeLogin('warm-up-user')
// Interleaved, so load on the machine falls on both alike.
for (let round = 0; round < rounds; round++) {
  unknown.push(await timeLogin(`nobody_${round}`))
  wrong.push(await timeLogin(user.username))
}
await t.close()
compareMedians('login 401', ['unknown user', unknown], ['wrong password', wrong], 1)
