/** What the wallet uses of the faucet: its network and limits. */
export { useTokenInfo } from './tokenQueries'
