/**
 * Data hooks of the test-token faucet: the network and limits, an address's balance, and the grant.
 *
 *   const info = useTokenInfo()                 // network_name, max_per_request, remaining_today…
 *   const balance = useTokenBalance(address)    // SOL and tokens of an address
 *   const grant = useRequestTokens()            // grant.mutate({ address, amount })
 */
import type { FaucetRequest } from '@agora/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { tokenKeys } from '../../api/queryKeys'
import { fetchTokenBalance, fetchTokenInfo, requestTokens } from '../../api/token'
import { useSession } from '../../app/useSession'

export function useTokenInfo({ enabled = true }: { enabled?: boolean } = {}) {
  const { user, status } = useSession()
  return useQuery({
    queryKey: tokenKeys.info(user?.id ?? null),
    queryFn: ({ signal }) => fetchTokenInfo(signal),
    // While the session is being restored the answer would be the anonymous one: wait for it.
    enabled: enabled && status !== 'loading',
    staleTime: 60_000,
  })
}

export function useTokenBalance(address: string | null) {
  return useQuery({
    queryKey: tokenKeys.balance(address ?? ''),
    queryFn: ({ signal }) => fetchTokenBalance(address!, signal),
    enabled: Boolean(address),
    staleTime: 15_000,
  })
}

/** POST /token/faucet; on success the receiving address's balance and today's allowance are refetched. */
export function useRequestTokens() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: FaucetRequest) => requestTokens(request),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: tokenKeys.balance(result.address) })
      void queryClient.invalidateQueries({ queryKey: tokenKeys.infos() })
    },
  })
}
