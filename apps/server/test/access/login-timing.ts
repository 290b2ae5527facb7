// Measures login answers for an unknown user against a wrong password for a real one (issue 10:
// "constant-time answers"). A measurement, not a test: timing has no place in `npm test`.
//   npx tsx apps/server/test/access/login-timing.ts [rounds]
import { makeUser } from '../factories'
import { createTestApp } from '../harness'

const rounds = Number(process.argv[2]) || 40
const t = await createTestApp({ AUTH_RATE_LIMIT: '100000' })
const user = await makeUser(t)

async function timeLogin(username: string): Promise<number> {
  const started = process.hrtime.bigint()
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: { username, password: 'not the password' },
  })
  if (response.statusCode !== 401) throw new Error(`expected 401, got ${response.statusCode}`)
  return Number(process.hrtime.bigint() - started) / 1e6
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const unknown: number[] = []
const wrong: number[] = []
await timeLogin('warm-up-user')
// Interleaved, so load on the machine falls on both alike.
for (let round = 0; round < rounds; round++) {
  unknown.push(await timeLogin(`nobody_${round}`))
  wrong.push(await timeLogin(user.username))
}
await t.close()
const [a, b] = [median(unknown), median(wrong)]
console.log(
  `login 401 median over ${rounds}: unknown user ${a.toFixed(1)} ms, wrong password ${b.toFixed(1)} ms ` +
    `(ratio ${(Math.max(a, b) / Math.min(a, b)).toFixed(2)})`,
)
