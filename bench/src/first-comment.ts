import { measureColdLoad } from './cold-load'
import type { Service } from './processes'
import type { Report } from './report'

export const FIRST_COMMENT_FIGURE = 'first comment visible, cold'
/** A post's first comment is on screen within a second of a cold load. */
const BUDGET_MS = 1000

/** A visitor's cold load of a post with comments, until its first comment is visible (cold-load.ts). */
export async function measureFirstComment(app: Service, report: Report) {
  if (!report.wants(FIRST_COMMENT_FIGURE)) return
  const list = (await (await fetch(`${app.url}/api/v1/media/list?limit=50`)).json()) as {
    items?: { id: string; comments: number }[]
  }
  const post = list.items?.find((item) => item.comments > 0)
  if (!post) throw new Error('the demo forum has no post with comments')
  await measureColdLoad(report, {
    name: FIRST_COMMENT_FIGURE,
    budgetMs: BUDGET_MS,
    url: `${app.url}/forum/detail/${post.id}`,
    selector: '.comment',
    raw: { postId: post.id },
  })
}
