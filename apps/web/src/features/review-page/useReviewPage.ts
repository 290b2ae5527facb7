import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/client'
import { reviewPageKey } from '../../api/queryKeys'

/** One review with its post and the version it judged (GET /reviews/{id}). */
export function useReviewPage(id: string) {
  return useQuery({
    queryKey: reviewPageKey(id),
    queryFn: ({ signal }) => call('GET /reviews/:id', { params: { id }, signal }),
  })
}
