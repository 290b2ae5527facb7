/** Icons of the wallet controls, drawn like ui/icons.tsx (decorative; the control carries the label). */
import { type IconPart, icon, rect } from '../../ui/icons'

const walletIcon = (drawing: IconPart | IconPart[]) => icon(drawing, { size: 18 })

export const WalletIcon = walletIcon(
  'M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v4h-4a2 2 0 0 0 0 4h4v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5',
)

export const CopyIcon = walletIcon([
  rect(9, 9, 13, 13, 2),
  'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1',
])

export const UnplugIcon = walletIcon(
  'M18 6 6 18M7 7l-3 3a4.24 4.24 0 0 0 6 6l3-3M17 17l3-3a4.24 4.24 0 0 0-6-6l-3 3',
)
