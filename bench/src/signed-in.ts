import {
  BUDGET,
  clean,
  depthFigure,
  describe,
  type Paired,
  pairedWith,
  percent,
  raw,
  signedIn,
  signedInBudget,
  uncached,
} from './api'
import { type LoadRequest, type LoadSettings, round } from './load'
import type { Report } from './report'
import type { Targets } from './targets'

const API = '/api/v1'

/** The signed-in paths beyond the reads of api.ts, each with its budget. */
export const SIGNED_IN_FIGURES = [
  'Following feed page 1, signed in',
  'Following feed 90 % deep, signed in',
  'tag page 1, signed in',
  'tag page 90 % deep, signed in',
  'unread notifications count, signed in',
  'notification list, signed in',
  'reviews of a post page 1, signed in',
  'edits of own posts (writes)',
] as const

/**
 * What a signed-in reader asks beyond the reads: the Following feed, a tag's page, the unread count
 * (the header asks it on every screen), the notification list, a post's reviews, and an edit of
 * their own post.
 */
export async function measureSignedInPaths(
  serverUrl: string,
  ceilingUrl: string,
  targets: Targets,
  settings: LoadSettings,
  report: Report,
  users: readonly { userId: string; token: string }[],
) {
  const paired = pairedWith(ceilingUrl, settings)
  const asSignedIn = signedIn(users.map((user) => user.token))
  /**
   * Page 1 signed in (the budget line), and the 90 % deep page against page 1 on the database path,
   * asked so that the read cache cannot answer (it would answer any page as fast): a tag page with
   * a key it has not seen (`uncached`); the Following feed, every reader's own and kept for them
   * until the next write, with `Cache-Control: no-cache`.
   */
  const asSignedInFresh = signedIn(
    users.map((user) => user.token),
    { 'cache-control': 'no-cache' },
  )
  const depth = async (name: string, firstUrl: string, deepCursor: string, shared: boolean) => {
    const firstName = `${name} page 1, signed in`
    const deepName = `${name} 90 % deep, signed in`
    if (!report.wants(firstName) && !report.wants(deepName)) return
    const first = await paired(firstUrl, asSignedIn)
    report.add(
      { name: firstName, value: describe(first.figure, first.ceiling), ...signedInBudget(first) },
      raw(first),
    )
    if (!report.wants(deepName)) return
    const databaseFirst = await paired(firstUrl, shared ? uncached(firstUrl) : asSignedInFresh)
    const deepUrl = `${firstUrl}&cursor=${encodeURIComponent(deepCursor)}`
    const deep = await paired(deepUrl, shared ? uncached(deepUrl) : asSignedInFresh)
    report.add(...depthFigure(deepName, deep, databaseFirst))
  }
  // The Following feed's keyset walks the same order as the newest-first list: its 90 % cursor does.
  await depth(
    'Following feed',
    `${serverUrl}${API}/media/list?feed=following&sort_by=recent_desc`,
    targets.deepCursors.recent_desc,
    false,
  )
  await depth(
    'tag',
    `${serverUrl}${API}/media/list?tag=${encodeURIComponent(targets.tag.name)}&sort_by=recent_desc`,
    targets.tag.deepCursor,
    true,
  )

  const unreadName = 'unread notifications count, signed in'
  if (report.wants(unreadName)) {
    const unread = await paired(`${serverUrl}${API}/notifications/unread_count`, asSignedIn)
    report.add(
      {
        name: unreadName,
        value: describe(unread.figure, unread.ceiling),
        budget: `≥ ${percent(BUDGET.unreadRatio)} of ceiling`,
        met: clean(unread.figure) && unread.ratio >= BUDGET.unreadRatio,
      },
      raw(unread),
    )
  }
  const listName = 'notification list, signed in'
  if (report.wants(listName)) {
    const list: Paired = await paired(`${serverUrl}${API}/notifications`, asSignedIn)
    report.add(
      { name: listName, value: describe(list.figure, list.ceiling), ...signedInBudget(list) },
      raw(list),
    )
  }

  // The newest reviews of the most reviewed post and their aggregate: no read cache answers it.
  const reviewsName = 'reviews of a post page 1, signed in'
  if (report.wants(reviewsName)) {
    const reviews = await paired(`${serverUrl}${API}/media/${targets.reviewedPostId}/reviews`, asSignedIn)
    report.add(
      { name: reviewsName, value: describe(reviews.figure, reviews.ceiling), ...signedInBudget(reviews) },
      raw(reviews),
    )
  }

  const editName = 'edits of own posts (writes)'
  if (!report.wants(editName)) return
  // Each request edits another post once, as its author, from the revision it has (a second edit
  // from the same revision would be a 409 conflict, not a measurement).
  const tokenOf = new Map(users.map((user) => [user.userId, user.token]))
  const edits = targets.edits.filter((edit) => tokenOf.has(edit.userId))
  // A text no earlier run wrote: on a reused forum the same text again would be an unchanged edit
  // (nothing written), not a measurement of one.
  const run = Date.now().toString(36)
  let next = 0
  const { figure, ceiling, ratio } = await pairedWith(ceilingUrl, { ...settings, warmup: 0 })(serverUrl, {
    requests: [
      {
        method: 'PATCH',
        setupRequest: (request: LoadRequest) => {
          const edit = edits[next++ % edits.length]
          return {
            ...request,
            path: `${API}/media/${edit.postId}`,
            headers: {
              authorization: `Bearer ${tokenOf.get(edit.userId)}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              base_revision: edit.revision,
              summary: `Edited by the bench (${run}.${next})`,
            }),
          }
        },
      },
    ],
  })
  const wrapped = next > edits.length
  report.add(
    {
      name: editName,
      value: `${describe(figure, ceiling)}; ${Math.min(next, edits.length)} posts edited${wrapped ? ', some twice (409s)' : ''}`,
      budget: `≥ ${percent(BUDGET.editRatio)} of ceiling, zero errors`,
      met: clean(figure) && ratio >= BUDGET.editRatio,
    },
    { ...figure, ceiling, ratio: round(ratio, 4), edited: Math.min(next, edits.length) },
  )
}
