import { AVATAR_SIZE_PX } from '@agora/contract'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { UnsupportedMediaTypeError } from '../../http/errors'

const UNREADABLE_IMAGE = 'This image could not be read. Please upload a PNG, JPEG, GIF or WebP image.'
/** Decompression bombs stop here: 40 megapixels is far more than any avatar needs. */
const MAX_INPUT_PIXELS = 40_000_000

/**
 * An uploaded avatar as we store it: a square WebP of AVATAR_SIZE_PX, cropped to the centre,
 * turned upright by its EXIF orientation and stripped of metadata (location, camera). The type is
 * judged by the bytes, never by the file name or the declared type.
 */
export async function avatarWebp(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload)
  if (!type?.mime.startsWith('image/')) throw new UnsupportedMediaTypeError('not_an_image')
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    // An image type sharp cannot decode (PSD, HEIC, ICO…), a truncated file, or too many pixels.
    throw new UnsupportedMediaTypeError('image_unreadable', { detail: UNREADABLE_IMAGE })
  }
}
