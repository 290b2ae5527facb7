import { randomBytes, randomInt } from 'node:crypto'
import type { ApiClient, ApiUser } from './client'

/**
 * The mixed workload of the performance issue (24), shared by the soak (`npm run soak`) and the
 * bench's `mixed load` figure: half the users are signed in, half read anonymously; most requests
 * read (list, search, a post, its comments, the unread count), some like, comment, edit their own
 * posts and upload small files; the post each opens is a Zipf draw over every post seen so far (a
 * few are popular, most are read now and then), not one URL.
 */

/** A signed-in user given to the workload (instead of one it registers), with posts of its own to edit. */
export interface GivenUser extends ApiUser {
  own?: string[]
}

export interface WorkloadOptions {
  api: ApiClient
  /** Simulated users: the even-numbered ones are signed in, the odd-numbered ones read anonymously. */
  users: number
  /**
   * 'register': each signed-in user signs up (and posts once, and edits that post) when it arrives,
   * as the soak does. A list: the n-th signed-in user is `signedIn[n % length]` (already signed in).
   */
  signedIn: 'register' | readonly GivenUser[]
  /** The pause between one user's actions, drawn uniformly from [min, max) ms. */
  thinkMs: readonly [number, number]
  /** Epoch ms: no user starts an action after it. */
  deadline: number
  /** How long user `index` waits before its first action (ms). */
  arrivalMs: (index: number) => number
  /** A first visit does each kind of request once, without pauses (so a short run does every kind). */
  tour: boolean
  /** Posts known from the start (the Zipf draw's first ranks), e.g. a generated forum's. */
  posts?: readonly string[]
  /** A word to search for (default: one of a few research words). */
  searchTerm?: () => string
  /** Actions started before this time (epoch ms) are not counted (a warm-up); all are, without. */
  measuredFrom?: number
  /** A word of the texts the users write (default: one of the same few), e.g. the forum's own words. */
  word?: () => string
}

/** What the users do: each request timed as `action`; a failure is recorded by `timed`, never thrown. */
export type Timed = <T>(action: string, run: () => Promise<T>) => Promise<T | undefined>

const WORDS =
  'protein folding lattice quantum entropy neural survey dataset genome climate ocean sensor graph robot fusion plasma enzyme galaxy spectra catalyst'.split(
    ' ',
  )
export const word = () => WORDS[randomInt(WORDS.length)]

/** The soak's users: they arrive over the first 5 s (50 ms apart, at random within that). */
export const soakArrival = (index: number) => randomInt(Math.min(5_000, 50 * index + 1))
/** The soak's pause between actions. */
export const SOAK_THINK_MS = [250, 1000] as const

/**
 * Latencies per kind of request, and errors: `timed` runs a request and records it. Only requests
 * started before `countUntil` (epoch ms) are counted, if given: what finishes after a deadline
 * belongs to no measured interval; nor what started before `countFrom` (a warm-up). Errors always.
 */
export function recorder(countUntil = Number.POSITIVE_INFINITY, countFrom = Number.NEGATIVE_INFINITY) {
  const latencies: number[] = []
  const byAction: Record<string, number> = {}
  const latenciesOf = new Map<string, number[]>()
  /** When each counted request began (epoch ms), in the order of `latencies`. */
  const begunAt: number[] = []
  const firstErrors: string[] = []
  const state = { errors: 0 }

  const timed: Timed = async (action, run) => {
    const now = Date.now()
    const counted = now >= countFrom && now < countUntil
    const started = performance.now()
    try {
      const result = await run()
      const took = performance.now() - started
      if (counted) {
        latencies.push(took)
        begunAt.push(now)
        const ofAction = latenciesOf.get(action) ?? []
        ofAction.push(took)
        latenciesOf.set(action, ofAction)
        byAction[action] = (byAction[action] ?? 0) + 1
      }
      return result
    } catch (error) {
      state.errors += 1
      if (firstErrors.length < 10) firstErrors.push(`${action}: ${(error as Error).message}`)
      return undefined
    }
  }

  return {
    timed,
    latencies,
    byAction,
    firstErrors,
    get errors() {
      return state.errors
    },
    /** Per kind of request: its count, and its latency's median and 99th percentile, in ms. */
    latencyByAction(): Record<string, { p50: number; p99: number }> {
      return Object.fromEntries(
        [...latenciesOf].map(([action, values]) => {
          values.sort((a, b) => a - b)
          return [action, { p50: round(percentile(values, 0.5)), p99: round(percentile(values, 0.99)) }]
        }),
      )
    },
    /**
     * The counted requests slower than `ms`, by the second they began in (counted from the first
     * counted request), busiest first: whether a tail is a few stalls that hold up every request at
     * once, or spread over the whole window.
     */
    slowBySecond(ms: number): { slow: number; seconds: { second: number; slow: number }[] } {
      const from = Number.isFinite(countFrom) ? countFrom : begunAt.reduce((a, b) => Math.min(a, b), Infinity)
      const perSecond = new Map<number, number>()
      latencies.forEach((took, i) => {
        if (took <= ms) return
        const second = Math.floor((begunAt[i] - from) / 1000)
        perSecond.set(second, (perSecond.get(second) ?? 0) + 1)
      })
      const seconds = [...perSecond]
        .map(([second, slow]) => ({ second, slow }))
        .sort((a, b) => b.slow - a.slow || a.second - b.second)
      return { slow: seconds.reduce((sum, { slow }) => sum + slow, 0), seconds }
    },
  }
}
export type Recorder = ReturnType<typeof recorder>

/**
 * Runs every simulated user until the deadline; resolves once the last one has finished, with how
 * many actions (one to three requests each, a first visit's tour apart) the users started and the
 * posts they uploaded (with their authors, e.g. to delete them afterwards).
 */
export async function runWorkload(
  options: WorkloadOptions,
  timed: Timed,
): Promise<{ actions: number; uploaded: { user: ApiUser; postId: string }[] }> {
  const forum = knownPosts(options.posts ?? [])
  const search = options.searchTerm ?? word
  const drawWord = options.word ?? word
  const text = (n: number) => Array.from({ length: n }, drawWord).join(' ')
  /**
   * An author edits one of their posts: the editor opens with the post's revision ('edit read', a
   * post read like 'open'), then saves ('edit', the author's wait, which the bench's edit budget is
   * about). Timed apart: together they were two requests' tails summed under one read's budget.
   */
  const edit = async (user: ApiUser, postId: string) => {
    const revision = await timed('edit read', () => options.api.revisionOf(user, postId))
    if (revision !== undefined)
      await timed('edit', () => options.api.editPost(user, postId, revision, text(20)))
  }
  /** A pause between actions, cut short at the deadline (the run then ends with the last answer). */
  const think = () => {
    const [min, max] = options.thinkMs
    const draw = min + randomInt(Math.max(1, max - min))
    return pause(Math.max(0, Math.min(draw, options.deadline - Date.now())))
  }
  const given = options.signedIn === 'register' ? null : options.signedIn
  let signedInCount = 0
  let actions = 0
  const uploaded: { user: ApiUser; postId: string }[] = []

  /**
   * One user: half sign in (a new account posts once), half read anonymously; then each acts with a
   * pause between actions until the deadline.
   */
  async function simulateUser(index: number) {
    // Stagger arrivals, as real users do not all come at once.
    await pause(options.arrivalMs(index))
    const signedIn = index % 2 === 0
    let user: ApiUser | null = null
    const own: string[] = []
    if (signedIn && given) {
      if (given.length === 0) return
      const mine = given[signedInCount++ % given.length]
      user = mine
      own.push(...(mine.own ?? []))
    } else if (signedIn) {
      const api = options.api
      user =
        (await timed('register', () => api.register(`soak_${index}_${randomBytes(4).toString('hex')}`))) ??
        null
      if (!user) return
      const author = user
      const first = await timed('upload', () =>
        api.upload(author, `${drawWord()} ${drawWord()} study ${index}`, text(60)),
      )
      if (first) {
        uploaded.push({ user: author, postId: first.postId })
        own.push(first.postId)
        forum.learn([first.postId])
        // A typo seen at once: every author edits once, later ones now and then.
        await edit(author, first.postId)
      }
    }
    if (options.tour) {
      // A first visit looks at everything once (so even a short run does each kind of request).
      const tour = user ? [0, 20, 30, 65, 78, 92] : [0, 35, 90]
      for (const roll of tour) await (user ? act(user, own, roll) : read(roll))
    }
    while (Date.now() < options.deadline) {
      if (Date.now() >= (options.measuredFrom ?? 0)) actions += 1
      await (user ? act(user, own) : read())
      await think()
    }
  }

  /** The hot or new list (by the roll), whose posts join those the Zipf draw picks from. */
  async function browse(user: ApiUser | null, roll: number) {
    const sort = roll % 2 ? 'hot_desc' : 'recent_desc'
    const page = await timed('browse', () => options.api.list(user, `?sort_by=${sort}`))
    if (page) forum.learn(page.items.map((item) => item.id))
  }

  async function searchAs(user: ApiUser | null) {
    await timed('search', () => options.api.list(user, `?search=${encodeURIComponent(search())}`))
  }

  /** An anonymous reader: the forum, a search, or a post with its comments (and now and then its file). */
  async function read(roll = randomInt(100)) {
    const { api } = options
    if (roll < 35) return browse(null, roll)
    if (roll < 50) return searchAs(null)
    const id = forum.zipfPost()
    if (!id) return
    const post = await timed('open', () => api.post(null, id))
    await timed('comments', () => api.comments(null, id))
    const cid = post?.media[0]?.cid
    if (cid && roll >= 90) await timed('file', () => api.file(cid))
  }

  /** A signed-in user: reads as an anonymous one does, checks its notifications, writes now and then. */
  async function act(user: ApiUser, own: string[], roll = randomInt(100)) {
    const { api } = options
    if (roll < 20) return browse(user, roll)
    if (roll < 30) return searchAs(user)
    if (roll < 45) {
      await timed('unread', () => api.unreadCount(user))
      return
    }
    if (roll < 47) {
      const posted = await timed('upload', () =>
        api.upload(user, `${drawWord()} ${drawWord()} notes`, text(40)),
      )
      if (posted) {
        uploaded.push({ user, postId: posted.postId })
        own.push(posted.postId)
        forum.learn([posted.postId])
      }
      return
    }
    if (roll < 52) {
      const mine = own[randomInt(Math.max(1, own.length))]
      if (mine) await edit(user, mine)
      return
    }
    // The rest opens a post (a Zipf draw), reads its comments, then reacts.
    const id = forum.zipfPost()
    if (!id) return
    const post = await timed('open', () => api.post(user, id))
    const comments = await timed('comments', () => api.comments(user, id))
    if (roll < 65) {
      const cid = post?.media[0]?.cid
      if (cid) await timed('file', () => api.file(cid))
    } else if (roll < 78) {
      await timed('like', () => api.likePost(user, id))
    } else if (roll < 92) {
      const parent = comments?.length && randomInt(2) ? comments[randomInt(comments.length)]._id : undefined
      await timed('comment', () => api.comment(user, id, text(12), parent))
    } else if (comments?.length) {
      const comment = comments[randomInt(comments.length)]
      await timed('comment like', () => api.likeComment(user, comment._id))
    }
  }

  await Promise.all(Array.from({ length: options.users }, (_, i) => simulateUser(i)))
  return { actions, uploaded }
}

/** The posts the users know of, oldest first: the Zipf draw's ranks (shared by every simulated user). */
function knownPosts(initial: readonly string[]) {
  const known: string[] = []
  const knownSet = new Set<string>()
  const learn = (ids: readonly string[]) => {
    for (const id of ids)
      if (!knownSet.has(id)) {
        knownSet.add(id)
        known.push(id)
      }
  }
  learn(initial)
  return {
    learn,
    /**
     * A post by a Zipf draw (exponent 1) over the known ones: the k-th most popular with weight 1/k.
     * The popular ones are spread over the list (a fixed shuffle of ranks), not only the oldest.
     */
    zipfPost(): string | undefined {
      const n = known.length
      if (n === 0) return undefined
      const harmonic = Math.log(n) + 0.5772
      let target = Math.random() * harmonic
      let rank = 1
      while (rank < n && target > 1 / rank) {
        target -= 1 / rank
        rank += 1
      }
      return known[(rank * 7919) % n]
    },
  }
}

export function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0
}

export const round = (value: number) => Math.round(value * 10) / 10
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
