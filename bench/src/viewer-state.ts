import { sql } from 'kysely'
import { type BenchTarget, openBenchDatabase } from './database'
import type { Report } from './report'
import type { Targets } from './targets'

const API = '/api/v1'
export const VIEWER_STATE_FIGURE = 'viewer state of signed-in answers'
/** Readers sampled: half of them with a post only they may see (generate.ts makes some), half without. */
const SAMPLE = 60
const PAGE = 12

interface User {
  userId: string
  token: string
}

/**
 * A signed-in reader's answer is the shared one plus their own fields, so a sample of readers'
 * answers is compared with SQL. PostgreSQL only: PGlite is held by the server's process.
 */
export async function checkViewerState(
  serverUrl: string,
  target: BenchTarget,
  targets: Targets,
  users: readonly User[],
  report: Report,
) {
  if (!report.wants(VIEWER_STATE_FIGURE)) return
  if (!('url' in target)) {
    console.log(
      `  ${VIEWER_STATE_FIGURE}: not checked on PGlite (the check reads the database beside the server)`,
    )
    return
  }
  const bench = await openBenchDatabase(target)
  const { db } = bench
  try {
    const withheld = new Set(
      (
        await sql<{ user_id: string }>`
          select distinct user_id from posts where visibility <> 'public' or moderation is not null`.execute(
          db,
        )
      ).rows.map((row) => row.user_id),
    )
    const own = users.filter((user) => withheld.has(user.userId)).slice(0, SAMPLE / 2)
    const others = users.filter((user) => !withheld.has(user.userId)).slice(0, SAMPLE - own.length)
    const sample = [...own, ...others]
    const postId = targets.postId
    const comments = (await get(serverUrl, `/comments/post/${postId}`, null)) as { _id: string }[]
    // Some readers like a comment of the post, or save it: each write forgets the shared bodies, and
    // the reads after it must show it to that reader and to nobody else.
    for (const [index, user] of sample.entries()) {
      if (index % 3 === 0 && comments.length > 0)
        await post(serverUrl, `/comments/${comments[index % comments.length]._id}/like`, user, {
          action: 'like',
        })
      if (index % 4 === 0) await post(serverUrl, `/media/${postId}/bookmark`, user, { action: 'save' })
    }

    let answers = 0
    const wrong: string[] = []
    const expectEqual = (what: string, got: unknown, want: unknown) => {
      answers++
      if (JSON.stringify(got) !== JSON.stringify(want) && wrong.length < 20) wrong.push(what)
    }
    for (const user of sample) {
      const list = (await get(serverUrl, `/media/list?sort_by=recent_desc&limit=${PAGE}`, user)) as {
        items: { id: string }[]
      }
      const visible = await sql<{ id: string }>`
        select id from posts
        where (visibility = 'public' and moderation is null) or user_id = ${user.userId}
        order by created_at desc, id desc limit ${PAGE}`.execute(db)
      expectEqual(
        `list of ${user.userId}`,
        list.items.map((item) => item.id),
        visible.rows.map((row) => row.id),
      )

      const liked = await sql<{ post_id: string }>`
        select post_id from post_likes l join posts p on p.id = l.post_id
        where l.user_id = ${user.userId} and p.visibility = 'public' and p.moderation is null limit 1`.execute(
        db,
      )
      for (const id of [postId, ...liked.rows.map((row) => row.post_id)]) {
        const detail = (await get(serverUrl, `/media/${id}`, user)) as {
          is_liked: boolean
          is_saved: boolean
        }
        const state = await sql<{ liked: boolean; saved: boolean }>`
          select exists (select 1 from post_likes where user_id = ${user.userId} and post_id = ${id}) as liked,
                 exists (select 1 from bookmarks where user_id = ${user.userId} and post_id = ${id}) as saved`.execute(
          db,
        )
        expectEqual(
          `post ${id} for ${user.userId}`,
          { liked: detail.is_liked, saved: detail.is_saved },
          state.rows[0],
        )
      }

      const page = (await get(serverUrl, `/comments/post/${postId}`, user)) as {
        _id: string
        is_liked: boolean
      }[]
      const likedComments = new Set(
        (
          await sql<{ comment_id: string }>`
            select comment_id from comment_likes where user_id = ${user.userId}`.execute(db)
        ).rows.map((row) => row.comment_id),
      )
      expectEqual(
        `comments of ${postId} for ${user.userId}`,
        page.map((comment) => comment.is_liked),
        page.map((comment) => likedComments.has(comment._id)),
      )
    }
    report.add({
      name: VIEWER_STATE_FIGURE,
      value: `${answers} answers of ${sample.length} readers (${own.length} with a post only they see) checked against SQL: ${wrong.length} wrong${wrong.length ? ` (${wrong.slice(0, 3).join('; ')})` : ''}`,
      budget: 'each exact',
      met: wrong.length === 0 && answers > 0,
    })
  } finally {
    await bench.close()
  }
}

async function get(serverUrl: string, path: string, user: User | null): Promise<unknown> {
  const response = await fetch(`${serverUrl}${API}${path}`, {
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  })
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

async function post(serverUrl: string, path: string, user: User, body: unknown) {
  const response = await fetch(`${serverUrl}${API}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
}
