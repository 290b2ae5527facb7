/**
 * Test-token faucet calls (product-spec §7 "Other/Blockchain", architecture.md §4). The faucet runs on
 * the server; the browser only names the receiving address and the amount.
 * Screens use the hooks in features/token/tokenQueries.ts, not these directly.
 */
import type { FaucetRequest, FaucetResponse, TokenBalanceResponse, TokenInfoResponse } from '@agora/contract'
import { call } from './client'

/** GET /token/info: network, mint, limits, and what the signed-in caller has left today. */
export function fetchTokenInfo(signal?: AbortSignal): Promise<TokenInfoResponse> {
  return call('GET /token/info', { signal, unauthorized: 'silent' })
}

/** GET /token/balance?address=: SOL and token balance of an address on the server's network. */
export function fetchTokenBalance(address: string, signal?: AbortSignal): Promise<TokenBalanceResponse> {
  return call('GET /token/balance', { query: { address }, signal })
}

/** POST /token/faucet (JSON): sends `amount` test tokens to `address`. Needs login (401 opens the login modal). */
export function requestTokens(request: FaucetRequest): Promise<FaucetResponse> {
  return call('POST /token/faucet', { json: request })
}
