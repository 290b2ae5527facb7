// The rules of who may see or change a post or a comment are written in policy/ alone: a store or
// route that writes one again is caught here, as layering.test.ts catches an import against the layers.
import { fileURLToPath } from 'node:url'
import { sourceTree } from '@agora/test-kit/imports'
import { describe, expect, it } from 'vitest'

/** Forms of the rules, and what to use instead. */
const RULES: readonly { form: RegExp; use: string }[] = [
  {
    form: /visibility[`'")}\s]*(=|<>|!=)\s*'(public|private)'/,
    use: 'openSql or visibleSql (a post everyone, or this viewer, may see)',
  },
  { form: /'(\w+\.)?visibility',\s*'(=|<>|!=)'/, use: 'visibleTo (a post this viewer may see)' },
  { form: /'(\w+\.)?moderation',\s*'is',\s*null/, use: 'visibleTo (a post this viewer may see)' },
  { form: /\b\w+\.moderation`?\)?\}?\s+is\s+null/, use: 'openSql or openCommentSql' },
  { form: /ForbiddenError\(\s*'not_author'/, use: "authorize(viewer, 'post.edit', post) and its kin" },
]

/** Lines that read a post's state as a fact, not to decide who may see it. */
const FACTS: readonly string[] = [
  // A version remembers whether it was made while the post was private (policy/ reads it later).
  "made_private: sql<boolean>`(select visibility = 'private' from posts where id =",
]

/** Whether the check judges `path` (under src/): the server's modules outside policy/, not tests. */
const judged = (path: string) =>
  path.endsWith('.ts') &&
  !path.startsWith('policy/') &&
  !path.startsWith('db/migrations/') &&
  !/\.test\.ts$/.test(path)

/** The lines of `files` (path under src/ → source) that restate a rule, one sentence each. */
export function restatements(files: Readonly<Record<string, string>>): string[] {
  const found: string[] = []
  for (const [path, source] of Object.entries(files)) {
    if (!judged(path)) continue
    source.split('\n').forEach((line, index) => {
      if (FACTS.some((fact) => line.includes(fact))) return
      for (const { form, use } of RULES)
        if (form.test(line))
          found.push(`${path}:${index + 1} restates a rule of policy/; use ${use}: ${line.trim()}`)
    })
  }
  return found
}

describe('the rules live in policy/ alone', () => {
  it('a store that writes who may see a post again is caught, with what to use instead', () => {
    const files = {
      'features/rewards/rewards.store.ts':
        "sql`case when p.visibility = 'public' or p.user_id = e.user_id then p.id end`",
      'features/feeds/feeds.routes.ts':
        ".where('posts.visibility', '=', 'public').where('posts.moderation', 'is', null)",
      'features/versions/versions.service.ts': "throw new ForbiddenError('not_author', { detail })",
      'features/search/search.comments.ts': 'where c.post_id = posts.id and c.moderation is null',
      'policy/visibility.ts': "sql`p.visibility <> 'private'`",
    }
    const found = restatements(files)
    expect(found).toHaveLength(5)
    expect(found[0]).toMatch(
      /^features\/rewards\/rewards\.store\.ts:1 restates a rule of policy\/; use openSql/,
    )
    expect(found.some((line) => line.startsWith('policy/'))).toBe(false)
  })

  it('no module of the server restates one', () => {
    const tree = sourceTree(fileURLToPath(new URL('..', import.meta.url)))
    expect(Object.keys(tree).length).toBeGreaterThan(100)
    expect(restatements(tree)).toEqual([])
  })
})
