import mammoth from 'mammoth'
import sanitizeHtml from 'sanitize-html'
import { checkDocxZip } from '../analysis/index'

/** What a previewed .docx may unpack to: far more than any real paper's XML, far less than a bomb's. */
const PREVIEW_ZIP_LIMITS = { maxZipEntries: 5_000, maxZipXmlBytes: 64 * 1024 * 1024 }
const PREVIEW_ZIP_MS = 10_000

/**
 * A DOCX document as HTML that is safe to insert into our page: mammoth maps Word's structure to
 * plain HTML (headings, lists, tables, images as data URIs); sanitize-html then keeps only
 * structural tags, http(s)/mailto links and data-URI images, with no scripts, styles or handlers.
 */
export async function docxToSafeHtml(document: Buffer): Promise<string> {
  // mammoth inflates every part in memory: a zip bomb posing as a .docx is stopped here first.
  await checkDocxZip('document.docx', document, {
    ...PREVIEW_ZIP_LIMITS,
    deadline: Date.now() + PREVIEW_ZIP_MS,
  })
  const { value } = await mammoth.convertToHtml({ buffer: document })
  return sanitizeHtml(value, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'del', 'ins', 'sup', 'sub'],
    allowedAttributes: {
      a: ['href', 'title', 'id', 'name', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  })
}
