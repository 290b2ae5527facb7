import { PATHOLOGICAL_MARKDOWN } from '@agora/test-kit/pathological-markdown'
import { paperPdf } from '@agora/test-kit/pdf'
import { request } from 'playwright-core'
import type { Service } from './processes'
import type { Report } from './report'

export const PATHOLOGICAL_PAGE_FIGURE = 'post page of pathological Markdown, slowest draw'
export const PATHOLOGICAL_HEALTH_FIGURE = 'health/live during pathological page draws, slowest'
/** Any text the limits allow draws its page within 500 ms, and the process answers others meanwhile. */
const PAGE_BUDGET_MS = 500
const HEALTH_BUDGET_MS = 50
/** Draws of each post's page: the first, and those after it (which may take the plain path at once). */
const DRAWS = 4

/** Registers a user and posts `content` (new accounts may post 3 a day: one user per text). */
async function postText(app: Service, content: string, index: number): Promise<string> {
  const api = await request.newContext({ baseURL: app.url, extraHTTPHeaders: { origin: app.url } })
  try {
    const username = `patho${index}${Date.now().toString(36)}`.slice(0, 20)
    const password = 'bench password 123'
    const registered = await api.post('/api/v1/auth/register', { form: { username, password } })
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`)
    const token = await api.post('/api/v1/auth/token', {
      form: { username, password, grant_type: 'password', secure_mode: true },
    })
    if (token.status() !== 200) throw new Error(`sign in: ${token.status()}`)
    const upload = await api.post('/api/v1/media/upload', {
      multipart: {
        title: `Pathological text ${index}`,
        content,
        files: {
          name: 'note.pdf',
          mimeType: 'application/pdf',
          buffer: await paperPdf(1, () => ['A note.']),
        },
      },
    })
    if (upload.status() !== 201) throw new Error(`upload: ${upload.status()} ${await upload.text()}`)
    return ((await upload.json()) as { post_id: string }).post_id
  } finally {
    await api.dispose()
  }
}

async function timed(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return performance.now() - started
}

/**
 * On the demo server: each text's post page drawn DRAWS times, one after another, while a second
 * client asks `/api/v1/health/live` every 10 ms. The slowest page and the slowest health answer.
 */
export async function measurePathologicalPosts(app: Service, report: Report) {
  if (!report.wants(PATHOLOGICAL_PAGE_FIGURE) && !report.wants(PATHOLOGICAL_HEALTH_FIGURE)) return
  const posts = await Promise.all(
    Object.entries(PATHOLOGICAL_MARKDOWN).map(async ([name, text], index) => ({
      name,
      id: await postText(app, text, index),
    })),
  )
  const pages: Record<string, number[]> = {}
  const health: number[] = []
  let drawing = true
  const pinging = (async () => {
    while (drawing) {
      health.push(await timed(`${app.url}/api/v1/health/live`))
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  try {
    for (const { name, id } of posts) {
      pages[name] = []
      for (let draw = 0; draw < DRAWS; draw++) pages[name].push(await timed(`${app.url}/forum/detail/${id}`))
    }
  } finally {
    drawing = false
    await pinging
  }
  const [worst, slowest] = Object.entries(pages)
    .map(([name, times]) => [name, Math.max(...times)] as const)
    .sort((a, b) => b[1] - a[1])[0]
  report.add(
    {
      name: PATHOLOGICAL_PAGE_FIGURE,
      value: `${Math.round(slowest)} ms (${worst})`,
      budget: `≤ ${PAGE_BUDGET_MS} ms`,
      met: slowest <= PAGE_BUDGET_MS,
    },
    { pages },
  )
  const slowestHealth = Math.max(...health)
  report.add(
    {
      name: PATHOLOGICAL_HEALTH_FIGURE,
      value: `${Math.round(slowestHealth)} ms (${health.length} answers)`,
      budget: `≤ ${HEALTH_BUDGET_MS} ms`,
      met: slowestHealth <= HEALTH_BUDGET_MS,
    },
    { health },
  )
}
