import { SignJWT } from 'jose'
import { type LoadFigure, type LoadRequest, type LoadSettings, measure, round } from './load'
import type { Report } from './report'
import { likedKey, SORTS, type Targets } from './targets'

const API = '/api/v1'
/** The budgets (set on a 2-core machine; the ratios hold across machines). */
export const BUDGET = {
  listRatio: 0.4,
  listP99Ms: 50,
  deepP50Factor: 1.3,
  searchP50Ms: 20,
  readRatio: 0.4,
  likesPerSecond: 2000,
  /** The signed-in path (list page 1 in every sort, detail, comments, notifications, reviews). */
  signedInRatio: 0.25,
  signedInP99Ms: 50,
  unreadRatio: 0.4,
  /**
   * Edits without pause at 50 connections are a capacity figure: a third below the idle runs, so
   * only a regression misses it. An author's wait when saving is `MIXED_BUDGET.editP99Ms`.
   */
  editRatio: 0.0075,
}

export function describe(figure: LoadFigure, ceiling?: LoadFigure) {
  const ratio = ceiling ? `, ${percent(figure.requestsPerSecond / ceiling.requestsPerSecond)} of ceiling` : ''
  const failures =
    figure.errors + figure.non2xx > 0 ? `, ${figure.errors} errors, ${figure.non2xx} non-2xx` : ''
  return `${figure.requestsPerSecond} req/s${ratio}, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms${failures}`
}

/** A ratio as a percentage: whole numbers, one decimal under 10 % and two under 1 % (a mixed load's share, an edit's). */
export function percent(ratio: number) {
  const value = ratio * 100
  const decimals = value < 1 ? 100 : value < 10 ? 10 : 1
  return `${Math.round(value * decimals) / decimals} %`
}

export const clean = (figure: LoadFigure) => figure.errors === 0 && figure.non2xx === 0

/**
 * Requests as signed-in readers send them: each with the next of `tokens` as its Bearer token. The
 * server answers them from the shared read cache plus each reader's own fields, or from
 * the database for a reader the shared answer cannot serve (their own private posts in a list).
 */
export function signedIn(tokens: readonly string[], extraHeaders: Record<string, string> = {}) {
  let next = 0
  return {
    requests: [
      {
        setupRequest: (request: LoadRequest) => {
          next = (next + 1) % tokens.length
          return {
            ...request,
            headers: { ...request.headers, ...extraHeaders, authorization: `Bearer ${tokens[next]}` },
          }
        },
      },
    ],
  }
}

/**
 * Requests for `url` the read cache cannot answer: each asks for posts up to another day far in
 * the future (`to`, after every post, so the page holds the same posts), a key the cache has not
 * seen, so the database answers every one. For what the cache must not decide: how a deep page
 * costs against page 1.
 */
export function uncached(url: string) {
  const { pathname, search } = new URL(url)
  let next = 0
  const day = (n: number) => new Date(Date.UTC(2200, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
  return {
    requests: [
      {
        setupRequest: (request: LoadRequest) => ({
          ...request,
          path: `${pathname}${search}${search ? '&' : '?'}to=${day(next++ % 2_000_000)}`,
        }),
      },
    ],
  }
}

/** Measures a figure with the ceiling measured right before it (half as long), and their ratio. */
export function pairedWith(ceilingUrl: string, settings: LoadSettings) {
  const ceilingSettings = { ...settings, warmup: 0, duration: Math.max(1, Math.round(settings.duration / 2)) }
  return async (url: string, options: Parameters<typeof measure>[2] = {}) => {
    const ceiling = await measure(ceilingUrl, ceilingSettings)
    const figure = await measure(url, settings, options)
    return { figure, ceiling, ratio: figure.requestsPerSecond / ceiling.requestsPerSecond }
  }
}
export type Paired = Awaited<ReturnType<ReturnType<typeof pairedWith>>>

/** A paired figure as the report keeps it. */
export const raw = (pair: Paired) => ({ ...pair.figure, ceiling: pair.ceiling, ratio: round(pair.ratio, 3) })

/** A 90 % deep page's figure: its p50 as a factor of page 1's, both on the database path. */
export function depthFigure(name: string, deep: Paired, first: Paired) {
  const factor = deep.figure.p50Ms / first.figure.p50Ms
  return [
    {
      name,
      value: `${describe(deep.figure, deep.ceiling)}; p50 ${round(factor, 2)} × page 1 on the database path (${describe(first.figure, first.ceiling)})`,
      budget: `p50 ≤ ${BUDGET.deepP50Factor} × page 1`,
      met: clean(deep.figure) && clean(first.figure) && factor <= BUDGET.deepP50Factor,
    },
    { ...raw(deep), databasePage1: raw(first) },
  ] as const
}

/** The budget of a signed-in read, and whether `pair` meets it. */
export function signedInBudget(pair: Paired) {
  return {
    budget: `≥ ${percent(BUDGET.signedInRatio)} of ceiling, p99 ≤ ${BUDGET.signedInP99Ms} ms`,
    met:
      clean(pair.figure) && pair.ratio >= BUDGET.signedInRatio && pair.figure.p99Ms <= BUDGET.signedInP99Ms,
  }
}

/**
 * The read figures, each against a ceiling run just before it: other work on the machine comes and
 * goes. What the read cache must not decide (depth, search) is asked so the database answers.
 */
export async function measureReads(
  serverUrl: string,
  ceilingUrl: string,
  targets: Targets,
  settings: LoadSettings,
  report: Report,
  tokens: readonly string[],
  ownPageTokens: readonly string[],
) {
  const asSignedIn = signedIn(tokens)
  const onDatabasePath = signedIn(ownPageTokens)
  const referenceName = 'ceiling (fixed body, bare Fastify)'
  if (report.wants(referenceName)) {
    const reference = await measure(ceilingUrl, settings)
    report.add({ name: referenceName, value: describe(reference), budget: '', met: null }, reference)
  }
  const paired = pairedWith(ceilingUrl, settings)

  for (const sort of SORTS) {
    const list = `${serverUrl}${API}/media/list?sort_by=${sort}`
    const firstName = `list ${sort} page 1`
    const signedInName = `list ${sort} page 1, signed in`
    const deepName = `list ${sort} 90 % deep, signed in`
    if (report.wants(firstName)) {
      const first = await paired(list)
      report.add(
        {
          name: firstName,
          value: describe(first.figure, first.ceiling),
          budget: `≥ ${percent(BUDGET.listRatio)} of ceiling, p99 ≤ ${BUDGET.listP99Ms} ms`,
          met:
            clean(first.figure) && first.ratio >= BUDGET.listRatio && first.figure.p99Ms <= BUDGET.listP99Ms,
        },
        raw(first),
      )
    }
    if (report.wants(signedInName)) {
      const signedInFirst = await paired(list, asSignedIn)
      report.add(
        {
          name: signedInName,
          value: describe(signedInFirst.figure, signedInFirst.ceiling),
          ...signedInBudget(signedInFirst),
        },
        raw(signedInFirst),
      )
    }
    // Depth is judged on the database path (the read cache answers any page as fast as another):
    // page 1 and the deep page both asked so that the cache cannot answer.
    if (!report.wants(deepName)) continue
    const databaseFirst = await paired(list, uncached(list))
    const deepUrl = `${list}&cursor=${encodeURIComponent(targets.deepCursors[sort])}`
    const deep = await paired(deepUrl, uncached(deepUrl))
    report.add(...depthFigure(deepName, deep, databaseFirst))
  }

  for (const [kind, term] of Object.entries(targets.searchTerms)) {
    const url = `${serverUrl}${API}/media/list?search=${encodeURIComponent(term)}`
    const loadedName = `search ${kind} term "${term}"`
    if (report.wants(loadedName)) {
      const loaded = await paired(url, onDatabasePath)
      report.add(
        { name: loadedName, value: describe(loaded.figure, loaded.ceiling), budget: '', met: null },
        raw(loaded),
      )
    }
    // The latency budget is one reader's: at 50 connections the p50 is mostly time spent queued.
    const aloneName = `search ${kind} term, 1 connection`
    if (!report.wants(aloneName)) continue
    const alone = await measure(url, { ...settings, connections: 1 }, onDatabasePath)
    report.add(
      {
        name: aloneName,
        value: describe(alone),
        budget: `p50 ≤ ${BUDGET.searchP50Ms} ms`,
        met: clean(alone) && alone.p50Ms <= BUDGET.searchP50Ms,
      },
      alone,
    )
  }

  for (const [name, path] of [
    ['post detail', `/media/${targets.postId}`],
    ['comments of a post', `/comments/post/${targets.postId}`],
  ]) {
    if (report.wants(name)) {
      const read = await paired(`${serverUrl}${API}${path}`)
      report.add(
        {
          name,
          value: describe(read.figure, read.ceiling),
          budget: `≥ ${percent(BUDGET.readRatio)} of ceiling`,
          met: clean(read.figure) && read.ratio >= BUDGET.readRatio,
        },
        raw(read),
      )
    }
    if (!report.wants(`${name}, signed in`)) continue
    const read = await paired(`${serverUrl}${API}${path}`, asSignedIn)
    report.add(
      { name: `${name}, signed in`, value: describe(read.figure, read.ceiling), ...signedInBudget(read) },
      raw(read),
    )
  }
}

/** Access tokens for the generated sessions, signed as the server signs them (same secret). */
export async function mintTokens(sessions: Targets['sessions'], secret: string) {
  const key = new TextEncoder().encode(secret)
  const expires = Math.floor(Date.now() / 1000) + 3600
  return Promise.all(
    sessions.map(async (session) => ({
      userId: session.userId,
      token: await new SignJWT({ sid: session.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(session.userId)
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(key),
    })),
  )
}

export interface LikePair {
  userId: string
  postId: string
}

/**
 * The n-th of every (user, post) pair, in an order where request n is user n mod U liking post
 * n mod P (so neighbouring requests never fight over one post's row) and no pair comes twice before
 * all U × P have: after each lcm(U, P) requests the posts shift by one.
 */
export function likePair<User>(n: number, users: readonly User[], postIds: readonly string[]) {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  const period = (users.length / gcd(users.length, postIds.length)) * postIds.length
  const shift = Math.floor(n / period)
  return { user: users[n % users.length], postId: postIds[(n + shift) % postIds.length] }
}

/**
 * Likes by many users at once: request n is the n-th pair of likePair, starting at `from` (so
 * several like figures on one forum like different pairs). Bearer tokens, so no CSRF Origin is
 * needed. Answers the pairs the server confirmed, to check against the rows afterwards.
 */
export async function measureLikes(
  serverUrl: string,
  targets: Targets,
  users: { userId: string; token: string }[],
  settings: LoadSettings,
  from = 0,
): Promise<{ figure: LoadFigure; confirmed: LikePair[] }> {
  let next = from
  /** The next pair whose like is new (targets.liked: a post liked already would measure a no-op). */
  const unlikedPair = () => {
    for (let skipped = 0; skipped < targets.liked.size + 1; skipped++) {
      const pair = likePair(next++, users, targets.postIds)
      if (!targets.liked.has(likedKey(pair.user.userId, pair.postId))) return pair
    }
    throw new Error('every (user, post) pair is liked already')
  }
  const confirmed: LikePair[] = []
  type Context = { pair?: LikePair }
  const figure = await measure(
    serverUrl,
    { ...settings, warmup: 0 },
    {
      requests: [
        {
          method: 'POST',
          setupRequest: (request, context: Context) => {
            const { user, postId } = unlikedPair()
            context.pair = { userId: user.userId, postId }
            return {
              ...request,
              path: `${API}/media/${postId}/like`,
              headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
              body: '{"action":"like"}',
            }
          },
          onResponse: (status, _body, context: Context) => {
            if (status === 200 && context.pair) confirmed.push(context.pair)
          },
        },
      ],
    },
  )
  return { figure, confirmed }
}

export const likesFigureName = (userCount: number) => `likes by ${userCount} users (writes)`

export function reportLikes(
  report: Report,
  figure: LoadFigure,
  verified: { postsWithWrongCount: number; likesMissing: number },
  confirmed: number,
  userCount: number,
) {
  const exact = verified.postsWithWrongCount === 0 && verified.likesMissing === 0
  report.add(
    {
      name: likesFigureName(userCount),
      value: `${describe(figure)}; ${confirmed} confirmed, ${verified.likesMissing} missing, ${verified.postsWithWrongCount} posts with a wrong count`,
      budget: `≥ ${BUDGET.likesPerSecond}/s, zero errors, counts exact`,
      met: clean(figure) && exact && figure.requestsPerSecond >= BUDGET.likesPerSecond,
    },
    { ...figure, confirmed, ...verified },
  )
}
