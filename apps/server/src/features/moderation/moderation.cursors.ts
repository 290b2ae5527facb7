import { isId } from '../../db/ids'
import { BadRequestError } from '../../http/errors'

// The moderation queue's and log's keyset cursors: opaque to clients, checked on the way back in.

const BAD_CURSOR = 'Invalid cursor: pass back the next_cursor of the previous page'

/** An opaque keyset cursor: the JSON of the last item's keys. */
export function encodeCursor(keys: unknown): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url')
}

export function decodeCursor<T>(raw: string | undefined, valid: (value: unknown) => value is T): T | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString())
    if (valid(value)) return value
  } catch {}
  throw new BadRequestError('bad_cursor', {
    detail: BAD_CURSOR,
    errors: [{ field: 'cursor', message: 'is not a cursor this server gave out' }],
  })
}

export const isQueueCursor = (v: unknown): v is { count: number; first: string; key: string } =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as { count: unknown }).count) &&
  typeof (v as { first: unknown }).first === 'string' &&
  !Number.isNaN(Date.parse((v as { first: string }).first)) &&
  typeof (v as { key: unknown }).key === 'string'

export const isLogCursor = (v: unknown): v is { at: string; id: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { at: unknown }).at === 'string' &&
  !Number.isNaN(Date.parse((v as { at: string }).at)) &&
  isId((v as { id: string }).id)
