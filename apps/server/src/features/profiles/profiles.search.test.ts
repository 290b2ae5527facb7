import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { makeUser, sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// GET /users/search: the @mention suggestions.

const t = useTestApp()

async function search(q: string, headers: Record<string, string>) {
  const response = await sendTo(t, null, 'GET /users/search', { query: { q }, headers })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().users as { username: string }[]).map((user) => user.username)
}

async function users(...names: string[]) {
  await sql`insert into users (id, username, password_hash)
            select gen_random_uuid(), name, 'x' from unnest(${names}::text[]) name`.execute(t.database.db)
}

describe(`user search (${TEST_DB})`, () => {
  it('finds names that start with the query, without regard to case, in name order', async () => {
    const me = await makeUser(t, { username: 'searcher' })
    await users('Mira_Chen', 'mira', 'miranda', 'amir', 'Mo')
    expect(await search('MIR', me.headers)).toEqual(['mira', 'Mira_Chen', 'miranda'])
    const [mira] = (await sendTo(t, me, 'GET /users/search', { query: { q: 'mira_' } })).json().users
    expect(mira).toEqual({ id: expect.any(String), username: 'Mira_Chen', nickname: '', avatar: '' })
  })

  it('answers at most eight', async () => {
    const me = await makeUser(t, { username: 'searcher' })
    await users(...Array.from({ length: 12 }, (_, i) => `fan${String(i).padStart(2, '0')}`))
    expect(await search('fan', me.headers)).toEqual(
      Array.from({ length: 8 }, (_, i) => `fan${String(i).padStart(2, '0')}`),
    )
  })

  it('takes LIKE wildcards in the query literally', async () => {
    const me = await makeUser(t, { username: 'searcher' })
    await users('a_b', 'axb', 'a%c', 'azc')
    expect(await search('a_', me.headers)).toEqual(['a_b'])
    expect(await search('a%', me.headers)).toEqual(['a%c'])
    expect(await search('%', me.headers)).toEqual([])
  })

  it('walks the prefix index on PostgreSQL', async () => {
    if (TEST_DB !== 'postgres') return
    await users(...Array.from({ length: 2000 }, (_, i) => `bulk${i}`))
    await sql`analyze users`.execute(t.database.db)
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
      select id from users where lower(username) collate "C" like 'bulk1%' escape '\\'
      order by lower(username) collate "C" limit 8`.execute(t.database.db)
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('users_username_prefix_idx')
  })

  it('asks a visitor to log in, and refuses an empty query', async () => {
    const anonymous = await sendTo(t, null, 'GET /users/search', { query: { q: 'a' } })
    expect(anonymous.statusCode).toBe(401)
    const me = await makeUser(t)
    const empty = await sendTo(t, me, 'GET /users/search', { query: { q: '' } })
    expect(empty.statusCode).toBe(400)
  })
})
