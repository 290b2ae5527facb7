/** First 6 characters, an ellipsis, last 4 (product-spec §9). */
export function shortenAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}
