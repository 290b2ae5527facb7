import mammoth from 'mammoth'
import sanitizeHtml from 'sanitize-html'

/**
 * A DOCX document as HTML that is safe to insert into our page: mammoth maps Word's structure to
 * plain HTML (headings, lists, tables, images as data URIs); sanitize-html then keeps only
 * structural tags, http(s)/mailto links and data-URI images, with no scripts, styles or handlers.
 */
export async function docxToSafeHtml(document: Buffer): Promise<string> {
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
