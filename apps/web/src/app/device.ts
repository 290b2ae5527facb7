/** Device class of the layout (product-spec §1, §9): mobile under 768 px, tablet under 1024 px. */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop'

export const MOBILE_MAX_WIDTH = 767
export const TABLET_MAX_WIDTH = 1023

export function deviceClassFor(width: number): DeviceClass {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile'
  if (width <= TABLET_MAX_WIDTH) return 'tablet'
  return 'desktop'
}
