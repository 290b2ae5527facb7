import { describe, expect, it } from 'vitest'
import { TEST_DB, TEST_POSTGRES_URL } from '../harness'
import { runSoak } from './soak'

/**
 * A tiny run of the soak (`npm run soak`), so the script keeps working: no errors and exact
 * counters. No timing is asserted; the real run's figures are in docs/reliability.md.
 */
describe(`soak, tiny (${TEST_DB})`, () => {
  it('ends with zero errors and every counter equal to a recount', async () => {
    const report = await runSoak({
      users: 10,
      seconds: 10,
      postgresUrl: TEST_DB === 'postgres' ? TEST_POSTGRES_URL : null,
      database: `agora_soak_test_${process.pid}`,
      entry: 'source',
    })
    expect(report.firstErrors).toEqual([])
    expect(report.errors).toBe(0)
    expect(report.requests).toBeGreaterThan(50)
    for (const action of [
      'register',
      'upload',
      'browse',
      'search',
      'open',
      'comments',
      'unread',
      'like',
      'comment',
      'edit',
    ])
      expect(report.byAction[action], action).toBeGreaterThan(0)
    expect(report.counterMismatches).toEqual([])
    expect(report.postsWithoutFiles).toEqual([])
    // Half the users sign up, and each of them posts once at least.
    expect(report.posts).toBeGreaterThanOrEqual(5)
  }, 120_000)
})
