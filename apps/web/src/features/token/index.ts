/** What the wallet uses of the faucet: its network and limits. */
export { useNetworkName } from './networkName'
export { useTokenInfo } from './tokenQueries'
