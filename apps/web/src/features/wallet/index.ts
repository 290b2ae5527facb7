/**
 * The connected wallet for other screens: its state and actions, and its icon. The header's button and
 * the own page's card are public entries of their own (WalletControl, WalletCard), so the first load
 * does not carry the card.
 */
export { useWallet } from './useWallet'
export { WalletIcon } from './walletIcons'
