import type { CreatedAt } from './schema.columns'

/** A document's first page as a small picture (migration 0020), drawn by the analysis (issue 28). */
export interface BlobThumbnailsTable {
  cid: string
  image: Uint8Array
  mime: string
  width: number
  height: number
  created_at: CreatedAt
}
