import { useQuery } from '@tanstack/react-query'
import { fetchUploadQuota } from '../../api/posts'
import { uploadQuotaKeys } from '../../api/queryKeys'
import { useSession } from '../../app/useSession'

/** The signed-in user's storage used, quota and upload rate; nothing when signed out. */
export function useUploadQuota() {
  const { user } = useSession()
  return useQuery({
    queryKey: uploadQuotaKeys.of(user?.id ?? ''),
    queryFn: ({ signal }) => fetchUploadQuota(signal),
    enabled: Boolean(user),
    staleTime: 30_000,
  })
}
