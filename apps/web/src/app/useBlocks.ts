/**
 * Whom the signed-in reader blocked, for any screen:
 *
 *   const blocks = useMyBlocks()          // the list, and `isBlocked(userId)`
 *   const setBlock = useSetBlock()        // setBlock.mutate({ userId, block: false })
 *
 * Nothing is asked without a session. Blocking changes what the blocked person may do; on this side
 * their comments fold away (features/comments) and the own page lists them.
 */
import type { BlocksResponse } from '@agora/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { blockUser, getMyBlocks, unblockUser } from '../api/blocks'
import { isApiError } from '../api/client'
import { blockKeys } from '../api/queryKeys'
import { refusalText } from '../ui/errorText'
import { toast } from '../ui/toast'
import { useSession } from './useSession'

export function useMyBlocks() {
  const { basic, isAuthenticated } = useSession()
  const userId = basic?.id ?? ''
  const query = useQuery({
    queryKey: blockKeys.mine(userId),
    queryFn: ({ signal }) => getMyBlocks(signal),
    enabled: isAuthenticated && userId !== '',
  })
  const ids = useMemo(() => new Set(query.data?.items.map((item) => item.id) ?? []), [query.data])
  return { ...query, ids, isBlocked: (id: string) => ids.has(id) }
}

/** Blocks or unblocks one person; the list follows at once, and loads again from the server. */
export function useSetBlock() {
  const client = useQueryClient()
  const { t } = useTranslation()
  const { basic } = useSession()
  const key = blockKeys.mine(basic?.id ?? '')
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block ? blockUser(userId) : unblockUser(userId),
    onSuccess: (answer, { userId }) => {
      if (!answer.blocked)
        client.setQueryData<BlocksResponse>(
          key,
          (list) => list && { items: list.items.filter((item) => item.id !== userId) },
        )
      // Settled once the list is in again, so a Block button never reads "Block" after blocking.
      return client.invalidateQueries({ queryKey: key })
    },
    onError: (error) => {
      // A 401 opens the login card by itself.
      if (!isApiError(error, 401))
        toast.error(t('blocks.failed'), { description: refusalText(error, t) ?? undefined })
    },
  })
}
