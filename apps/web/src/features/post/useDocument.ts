import type { MediaItem } from '@agora/contract'
import { useQuery } from '@tanstack/react-query'
import { fetchDocxPreview, fetchFileText } from '../../api/files'
import { fileKeys } from '../../api/queryKeys'

/** The most of a text file the viewer reads; a longer file shows its beginning. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024

// Files never change (the key is their content id): read each once per visit.
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: 10 * 60_000 }

export function useFileText(item: MediaItem, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.text(item.cid, TEXT_PREVIEW_MAX_BYTES),
    queryFn: ({ signal }) => fetchFileText(item, TEXT_PREVIEW_MAX_BYTES, signal),
    enabled,
    ...forever,
  })
}

export function useDocxPreview(item: MediaItem, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.preview(item.cid),
    queryFn: ({ signal }) => fetchDocxPreview(item.cid, signal),
    enabled,
    ...forever,
  })
}
