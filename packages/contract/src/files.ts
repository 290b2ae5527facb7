import Type, { type Static } from 'typebox'

export const FileParams = Type.Object({ cid: Type.String({ maxLength: 200 }) })
export type FileParams = Static<typeof FileParams>

/** GET /files/{cid}/preview: a DOCX document as sanitised HTML (no scripts, styles or remote images). */
export const FilePreviewResponse = Type.Object({
  html: Type.String(),
  mime: Type.String(),
})
export type FilePreviewResponse = Static<typeof FilePreviewResponse>
