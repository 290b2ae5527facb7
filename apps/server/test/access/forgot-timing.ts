// Measures POST /auth/password/forgot for an unknown name against a real account with an address
// (no enumeration: the same timing within noise). A measurement, not a test: timing has no
// place in `npm test`.
//   npx tsx apps/server/test/access/forgot-timing.ts [rounds]
import { createTestApp } from '../harness'
import { compareMedians, timeAnswer } from './timing'

const rounds = Number(process.argv[2]) || 40
const t = await createTestApp({ AUTH_RATE_LIMIT: '100000', PASSWORD_RESET_RATE_LIMIT: '100000' })
const registered = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/register',
  payload: { username: 'timed', password: 'a long password', email: 'timed@example.org' },
})
if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`)

const timeForgot = (name: string) =>
  timeAnswer(t, { method: 'POST', url: '/api/v1/auth/password/forgot', payload: { username: name } }, 202)

const unknown: number[] = []
const known: number[] = []
await timeForgot('warm-up')
// The mail work runs after each answer; a pause between samples keeps one sample's work out of the
// next one's time (under real load it is part of the noise).
const settle = () => new Promise((resolve) => setTimeout(resolve, 30))
// Interleaved, so load on the machine falls on both alike.
for (let round = 0; round < rounds; round++) {
  unknown.push(await timeForgot(`nobody_${round}`))
  await settle()
  known.push(await timeForgot('timed'))
  await settle()
}
await t.close()
compareMedians('forgot 202', ['unknown name', unknown], ['real account', known], 2)
