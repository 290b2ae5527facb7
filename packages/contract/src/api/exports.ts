import Type from 'typebox'
import { ExportItem } from '../accounts'
import type { Endpoint } from '../endpoint'

const tags = ['auth']

/** Taking one's data along: ask for an export, see it, download it for 7 days. */
export const EXPORTS_API = {
  'POST /auth/me/export': {
    tags,
    summary: 'Ask for a download of all your data; it is prepared in the background and linked by mail',
    status: 202,
    answer: ExportItem,
    errors: [401, 429],
  },
  'GET /auth/me/exports': {
    tags,
    summary: 'Your data exports, newest first',
    answer: Type.Object({ items: Type.Array(ExportItem) }),
    errors: [401],
  },
  'GET /auth/me/exports/:id/download': {
    tags,
    summary: 'Download a ready export (a ZIP of data.json and your files), for 7 days',
    params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
    answer: { bytes: ['application/zip'], description: 'The export, a ZIP archive.' },
    errors: [401, 404],
  },
} as const satisfies Record<string, Endpoint>
