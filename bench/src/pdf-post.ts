import { paperPdf } from '@agora/test-kit/pdf'
import { request } from 'playwright-core'
import { measureColdLoad } from './cold-load'
import type { Service } from './processes'
import type { Report } from './report'

export const FIRST_PDF_PAGE_FIGURE = 'first PDF page visible, cold (50 pages)'
export const PDF_LIGHTHOUSE_FIGURE = 'Lighthouse PDF post page'
/** A 50-page paper's first page is drawn within 1.5 s of a cold load. */
const BUDGET_MS = 1500
const PAGES = 50

const PARAGRAPH =
  'Workers fan their wings at the entrance when the brood grows too warm; water carried in and spread ' +
  'over the comb cools it as it evaporates. The colony keeps the brood between 34 and 36 °C, and the ' +
  'measurements below follow the hive through a summer day at dawn, at noon and at dusk.'

/** A paper of `pages` pages (pdfkit): a heading and six paragraphs of text on each, as a real one. */
const benchPaperPdf = (pages: number) => paperPdf(pages, () => Array(6).fill(PARAGRAPH), 11)

/**
 * A post whose one file is a 50-page PDF, on the demo server, by a user registered for it (as the
 * browser tests make theirs); answers its id.
 */
export async function makePdfPost(app: Service): Promise<string> {
  const api = await request.newContext({ baseURL: app.url, extraHTTPHeaders: { origin: app.url } })
  try {
    const username = `bench${Date.now().toString(36)}`.slice(0, 20)
    const password = 'bench password 123'
    const registered = await api.post('/api/v1/auth/register', { form: { username, password } })
    if (registered.status() !== 201)
      throw new Error(`register: ${registered.status()} ${await registered.text()}`)
    const token = await api.post('/api/v1/auth/token', {
      form: { username, password, grant_type: 'password', secure_mode: true },
    })
    if (token.status() !== 200) throw new Error(`sign in: ${token.status()} ${await token.text()}`)
    const upload = await api.post('/api/v1/media/upload', {
      multipart: {
        title: 'Cooling the hive: a 50-page paper',
        summary: 'How bees cool their brood, measured through a summer.',
        tags: 'bees',
        files: { name: 'hive-paper.pdf', mimeType: 'application/pdf', buffer: await benchPaperPdf(PAGES) },
      },
    })
    if (upload.status() !== 201) throw new Error(`upload: ${upload.status()} ${await upload.text()}`)
    return ((await upload.json()) as { post_id: string }).post_id
  } finally {
    await api.dispose()
  }
}

/** A visitor's cold load of a post with a 50-page PDF, until pdf.js has drawn its first page (cold-load.ts). */
export async function measureFirstPdfPage(app: Service, report: Report, postId: string) {
  if (!report.wants(FIRST_PDF_PAGE_FIGURE)) return
  await measureColdLoad(report, {
    name: FIRST_PDF_PAGE_FIGURE,
    budgetMs: BUDGET_MS,
    url: `${app.url}/forum/detail/${postId}`,
    // Drawn: its canvas painted and its text laid over it.
    selector: '.pdfv__page[data-page="1"][data-drawn]',
    raw: { postId, pages: PAGES },
  })
}
