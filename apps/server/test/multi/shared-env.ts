/**
 * A Solana RPC shared by every process, as several processes need (the embedded chain is one
 * process's). It is only contacted when the faucet is used: an address is enough to start.
 */
export const SHARED_CHAIN = {
  SOLANA_RPC_URL: 'http://127.0.0.1:9',
  FAUCET_KEYPAIR: JSON.stringify(Array.from({ length: 64 }, (_, i) => i + 1)),
  TOKEN_MINT: '11111111111111111111111111111111',
}
