import type { PostDetailResponse } from '@agora/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { postKeys } from '../../api/queryKeys'
import { getPostVersion, type NewVersion, publishVersion } from '../../api/versions'

const versionKey = (id: string, version: number) => [...postKeys.detail(id), 'version', version] as const

/** The post showing an earlier version's files; nothing is asked while `version` is null (the current one). */
export function usePostVersion(id: string, version: number | null) {
  return useQuery({
    queryKey: versionKey(id, version ?? 0),
    queryFn: ({ signal }) => getPostVersion(id, version!, signal),
    enabled: version !== null,
    // A version never changes once published.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Publishes a new version (author only); the page shows the answer, the new current version, at once. */
export function usePublishVersion(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (version: NewVersion) => publishVersion(id, version),
    onSuccess: (post) => {
      queryClient.setQueryData<PostDetailResponse>(postKeys.detail(id), post)
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() })
    },
  })
}
