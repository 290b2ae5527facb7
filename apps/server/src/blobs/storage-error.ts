import { InsufficientStorageError } from '../http/errors'

/** File system errors that mean the disk (or the quota) is full. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT'])

/**
 * A full disk while storing an upload becomes a 507 people can act on; any other error stays as it
 * is. Whoever catches it has already removed the partial file.
 */
export function asStorageError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code && STORAGE_FULL_CODES.has(code)) {
    return new InsufficientStorageError('insufficient_storage', {
      detail: 'The server has no room left to store files. Your upload was not saved; try again later.',
    })
  }
  return error
}
