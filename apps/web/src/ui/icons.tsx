/**
 * Inline SVG icons (decorative: aria-hidden; the control that holds one carries the label).
 * `Icon` is the one drawing base: feature icon files build on it (size, strokeWidth and other SVG props override).
 */
import { createElement, type ReactElement, type SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement> & { size?: number }

export function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

/** A part of an icon's drawing: a path's `d`, or a shape (`circle(…)`, `rect(…)`). */
export type IconPart = string | ReactElement

export const circle = (cx: number, cy: number, r: number) => <circle cx={cx} cy={cy} r={r} />

export const rect = (x: number, y: number, width: number, height: number, rx?: number) => (
  <rect x={x} y={y} width={width} height={height} rx={rx} />
)

/**
 * An icon from its drawing, on `Icon` (with `defaults`, e.g. a screen's own size), one line each:
 * `export const AlertIcon = icon([circle(12, 12, 10), 'M12 8v4M12 16h.01'])`.
 */
export function icon(drawing: IconPart | IconPart[], defaults: IconProps = {}) {
  const parts = (Array.isArray(drawing) ? drawing : [drawing]).map((part) =>
    typeof part === 'string' ? createElement('path', { d: part }) : part,
  )
  // As separate children, so the fixed parts need no keys.
  return (props: IconProps) => createElement(Icon, { ...defaults, ...props }, ...parts)
}

export const SunIcon = icon([
  circle(12, 12, 4),
  'M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41',
])

export const MoonIcon = icon('M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z')

export const AutoThemeIcon = icon([rect(2, 3, 20, 14, 2), 'M8 21h8M12 17v4'])

export const GlobeIcon = icon([
  circle(12, 12, 10),
  'M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z',
])

export const MenuIcon = icon('M3 6h18M3 12h18M3 18h18')

export const CloseIcon = icon('M18 6 6 18M6 6l12 12')

export const CheckIcon = icon('M20 6 9 17l-5-5')

export const ChevronDownIcon = icon('m6 9 6 6 6-6')

export const AlertIcon = icon([circle(12, 12, 10), 'M12 8v4M12 16h.01'])

export const WarningIcon = icon([
  'M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z',
  'M12 9v4M12 17h.01',
])

export const InfoIcon = icon([circle(12, 12, 10), 'M12 16v-4M12 8h.01'])

export const SuccessIcon = icon([circle(12, 12, 10), 'm8 12 3 3 5-6'])

export const EyeIcon = icon(['M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z', circle(12, 12, 3)])

export const EyeOffIcon = icon(
  'M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19M14.12 14.12a3 3 0 1 1-4.24-4.24M1 1l22 22',
)

export const LogoutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9')

export const UserIcon = icon(['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', circle(12, 7, 4)])

export const ArrowLeftIcon = icon('M19 12H5M12 19l-7-7 7-7')

export const RefreshIcon = icon([
  'M23 4v6h-6M1 20v-6h6',
  'M3.51 9a9 9 0 0 1 14.85-3.36L23 10M1 14l4.64 4.36A9 9 0 0 0 20.49 15',
])
