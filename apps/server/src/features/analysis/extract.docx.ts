import yauzl from 'yauzl'
import {
  type CharBudget,
  checkDeadline,
  type ExtractedFile,
  ExtractionError,
  type ExtractionLimits,
  takeBlocks,
} from './extract.limits'
import { linesToBlocks } from './extract.text'

/** The text of a Word (.docx) file, read by mammoth once the zip is known not to be a bomb. */

/** The same bytes as a Buffer, without a copy (yauzl and mammoth want one). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * Guards against zip bombs before the .docx reaches the Word reader: the zip's own directory
 * bounds the entry count, and every XML part is inflated once with its size checked against both
 * the declared size (yauzl refuses a part that inflates beyond it) and our total cap.
 */
export async function checkDocxZip(
  name: string,
  bytes: Uint8Array,
  limits: Pick<ExtractionLimits, 'deadline' | 'maxZipEntries' | 'maxZipXmlBytes'>,
): Promise<void> {
  const damaged = (detail: string) =>
    new ExtractionError(
      `The Word file "${name}" could not be read: it is damaged or not a .docx file (${detail}).`,
    )
  const tooLarge = () => new ExtractionError(`The Word file "${name}" unpacks to more than we analyse.`)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(asBuffer(bytes), { lazyEntries: true }, (error, file) =>
      error ? reject(damaged(error.message)) : resolve(file),
    ),
  )
  if (zip.entryCount > limits.maxZipEntries) {
    zip.close()
    throw tooLarge()
  }
  let xmlBytes = 0
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close()
      reject(error instanceof ExtractionError ? error : damaged(error.message))
    }
    zip.on('error', fail)
    zip.on('end', resolve)
    zip.on('entry', (entry: yauzl.Entry) => {
      if (Date.now() > limits.deadline) return fail(new ExtractionError(`Reading "${name}" took too long.`))
      if (!/\.(xml|rels)$/i.test(entry.fileName)) return zip.readEntry()
      if (xmlBytes + entry.uncompressedSize > limits.maxZipXmlBytes) return fail(tooLarge())
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error)
        stream.on('data', (chunk: Buffer) => {
          xmlBytes += chunk.length
          if (xmlBytes > limits.maxZipXmlBytes) {
            stream.destroy()
            fail(tooLarge())
          }
        })
        stream.on('error', fail)
        stream.on('end', () => zip.readEntry())
      })
    })
    zip.readEntry()
  })
}

export async function extractDocx(
  name: string,
  bytes: Uint8Array,
  budget: CharBudget,
  limits: ExtractionLimits,
): Promise<ExtractedFile> {
  await checkDocxZip(name, bytes, limits)
  checkDeadline(limits, name)
  const mammoth = (await import('mammoth')).default
  let text: string
  try {
    text = (await mammoth.extractRawText({ buffer: asBuffer(bytes) })).value
  } catch (error) {
    throw new ExtractionError(`The Word file "${name}" could not be read: ${(error as Error).message}.`)
  }
  const blocks = text.split(/\n\s*\n/).flatMap((paragraph) => linesToBlocks(paragraph.split('\n')))
  return { blocks: takeBlocks(blocks, budget), truncated: budget.truncated }
}
