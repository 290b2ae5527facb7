/** The home page's own icons (decorative: aria-hidden; the text beside each carries the meaning). */
import { circle, type IconPart, icon } from '../../ui/icons'

/** Larger and lighter than the shared icons. */
const homeIcon = (drawing: IconPart | IconPart[]) => icon(drawing, { size: 28, strokeWidth: 1.8 })

export const SearchIcon = homeIcon([circle(11, 11, 7), 'm20 20-3.6-3.6'])

export const TokenIcon = homeIcon([
  circle(12, 12, 9),
  'M12 6.5v11M15 9.2c-.5-1-1.6-1.6-3-1.6-1.8 0-3 .9-3 2.2 0 3.1 6.2 1.7 6.2 4.6 0 1.3-1.3 2.3-3.2 2.3-1.5 0-2.7-.7-3.2-1.8',
])

export const SparklesIcon = homeIcon([
  'M10 3.5 11.6 8a2 2 0 0 0 1.3 1.3L17.5 11l-4.6 1.6a2 2 0 0 0-1.3 1.3L10 18.5 8.4 13.9a2 2 0 0 0-1.3-1.3L2.5 11l4.6-1.7A2 2 0 0 0 8.4 8Z',
  'M19 3v4M21 5h-4M18 16v4M20 18h-4',
])

export const CommunityIcon = homeIcon([
  circle(9, 8, 3.5),
  'M2.5 20c.6-3.4 3.2-5.5 6.5-5.5s5.9 2.1 6.5 5.5',
  'M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.8c1.9.7 3.2 2.6 3.5 5.2',
])

export const DiscussionIcon = homeIcon([
  'M20 12.5a7.5 7.5 0 0 1-11 6.6L4 20.5l1.4-4.5A7.5 7.5 0 1 1 20 12.5Z',
  'M8.5 11h7M8.5 14h4.5',
])

export const ArrowRightIcon = homeIcon('M5 12h14M13 6l6 6-6 6')
