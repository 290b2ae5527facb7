export interface WalletControlProps {
  /** In the header bar (desktop) or inside the hamburger menu (mobile). */
  placement: 'header' | 'menu'
}

/**
 * The header's wallet control (product-spec §2 "Header controls"). Placeholder: renders nothing until
 * the wallet issue builds Connect Wallet / network name / shortened address here.
 */
export function WalletControl(_props: WalletControlProps) {
  return null
}
