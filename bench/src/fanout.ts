import { waitFor } from '@agora/test-kit'
import { sql } from 'kysely'
import { type BenchTarget, openBenchDatabase } from './database'
import { median } from './load'
import type { Report } from './report'

export const FANOUT_FOLLOWERS = 10_000
export const FANOUT_BUDGET = { publishRatio: 1.5, notifiedSeconds: 10 }
export const FANOUT_FIGURES = [
  `publish with ${FANOUT_FOLLOWERS.toLocaleString('en')} followers`,
  `${FANOUT_FOLLOWERS.toLocaleString('en')} followers notified`,
] as const
const RUNS = 5

interface Author {
  userId: string
  token: string
}

/** Publishes a small text post as `author` and answers its id and how long the request took (ms). */
async function publish(serverUrl: string, author: Author, title: string) {
  const form = new FormData()
  form.append('title', title)
  form.append('files', new Blob([`${title}\n`], { type: 'text/plain' }), 'notes.txt')
  const started = performance.now()
  const response = await fetch(`${serverUrl}/api/v1/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${author.token}` },
    body: form,
  })
  const ms = performance.now() - started
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`)
  return { postId: ((await response.json()) as { post_id: string }).post_id, ms }
}

/**
 * Fan-out: an author with 10,000 followers publishes in the usual upload time (the outbox worker
 * tells the followers, never the request), and every follower has the notification within seconds.
 * PostgreSQL only: the followers are written straight into the database PGlite's server holds.
 */
export async function measureFanout(
  serverUrl: string,
  target: BenchTarget,
  authors: Author[],
  report: Report,
) {
  const names = FANOUT_FIGURES
  if (!('url' in target)) {
    console.log(`  ${names[0]}: not measured on PGlite (the bench writes the followers into PostgreSQL)`)
    return
  }
  const [author, baseline] = authors
  const made: { id: string; by: Author }[] = []
  const bench = await openBenchDatabase(target)
  const { db } = bench
  try {
    await sql`
      insert into users (id, username, password_hash, nickname, title, created_at)
      select gen_random_uuid(), 'bench_follower_' || n, 'x', 'Follower ' || n, 'Researcher', now()
      from generate_series(1, ${FANOUT_FOLLOWERS}) n`.execute(db)
    await sql`
      insert into follows (follower_id, kind, target)
      select id, 'user', ${author.userId} from users where username like 'bench\\_follower\\_%'`.execute(db)

    const without: number[] = []
    const withFollowers: number[] = []
    let last = ''
    for (let run = 0; run < RUNS; run++) {
      const alone = await publish(serverUrl, baseline, `Fan-out baseline ${run}`)
      without.push(alone.ms)
      made.push({ id: alone.postId, by: baseline })
      const published = await publish(serverUrl, author, `Fan-out ${run}`)
      withFollowers.push(published.ms)
      made.push({ id: published.postId, by: author })
      last = published.postId
    }
    const told = async () =>
      Number(
        (
          await sql<{
            n: string
          }>`select count(*) as n from notifications where post_id = ${last} and kind = 'followed_author'`.execute(
            db,
          )
        ).rows[0].n,
      )
    // Timed from the last publish's answer: the earlier posts' deliveries run ahead of it.
    const started = performance.now()
    await waitFor(async () => (await told()) >= FANOUT_FOLLOWERS, 'every follower notified', 120_000)
    const notifiedSeconds = (performance.now() - started) / 1000

    const ratio = median(withFollowers) / median(without)
    report.add(
      {
        name: names[0],
        value: `${Math.round(median(withFollowers))} ms (${ratio.toFixed(2)} × the ${Math.round(median(without))} ms without)`,
        budget: `≤ ${FANOUT_BUDGET.publishRatio} × without`,
        met: ratio <= FANOUT_BUDGET.publishRatio,
      },
      { withFollowersMs: withFollowers, withoutMs: without },
    )
    report.add(
      {
        name: names[1],
        value: `${notifiedSeconds.toFixed(2)} s after the publish answered`,
        budget: `≤ ${FANOUT_BUDGET.notifiedSeconds} s`,
        met: notifiedSeconds <= FANOUT_BUDGET.notifiedSeconds,
      },
      { seconds: notifiedSeconds, runs: RUNS },
    )
  } finally {
    await sql`delete from users where username like 'bench\\_follower\\_%'`.execute(db)
    await bench.close()
    // Through the API, so the files' reference counts stay right.
    for (const post of made)
      await fetch(`${serverUrl}/api/v1/media/${post.id}/delete`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${post.by.token}` },
      })
  }
}
