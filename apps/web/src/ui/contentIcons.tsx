/** Icons for posts, files and media (decorative: aria-hidden; the control that holds one carries the label). */
import { circle, Icon, type IconProps, icon, rect } from './icons'

export const HeartIcon = ({ filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Icon {...props}>
    <path
      fill={filled ? 'currentColor' : 'none'}
      d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78l1.06 1.06L12 21.23l7.78-7.78 1.06-1.06a5.5 5.5 0 0 0 0-7.78z"
    />
  </Icon>
)

export const CommentIcon = icon('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z')

export const PencilIcon = icon('M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z')

export const UploadCloudIcon = icon([
  'M16 16l-4-4-4 4M12 12v9',
  'M20.39 18.39A5 5 0 0 0 18 9h-1.26A8 8 0 1 0 3 16.3',
])

export const FileIcon = icon([
  'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z',
  'M14 2v6h6M16 13H8M16 17H8M10 9H8',
])

export const ImageIcon = icon([rect(3, 3, 18, 18, 2), circle(8.5, 8.5, 1.5), 'm21 15-5-5L5 21'])

export const VideoIcon = icon(['m23 7-7 5 7 5z', rect(1, 5, 15, 14, 2)])

export const AudioIcon = icon(['M9 18V5l12-2v13', circle(6, 18, 3), circle(18, 16, 3)])

export const TrashIcon = icon(
  'M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6',
)

export const MoreIcon = icon([circle(12, 5, 1), circle(12, 12, 1), circle(12, 19, 1)])

export const ChevronLeftIcon = icon('m15 18-6-6 6-6')

export const ChevronRightIcon = icon('m9 18 6-6-6-6')

export const ChevronUpIcon = icon('m18 15-6-6-6 6')

export const ExpandIcon = icon(
  'M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3',
)

export const ShrinkIcon = icon(
  'M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3',
)

export const DownloadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3')

export const SearchIcon = icon([circle(11, 11, 8), 'm21 21-4.35-4.35'])

export const ArrowDownIcon = icon('M12 5v14M19 12l-7 7-7-7')

export const ArrowUpIcon = icon('M12 19V5M5 12l7-7 7 7')

export const FlameIcon = icon(
  'M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.38-.5-2-1-3-1.07-2.14-.22-4.05 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.15.43-2.29 1-3a2.5 2.5 0 0 0 2.5 2.5z',
)

export const ClockIcon = icon([circle(12, 12, 10), 'M12 6v6l4 2'])

export const StarIcon = icon(
  'm12 2 3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z',
)

export const SparklesIcon = icon(
  'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
)

export const LockIcon = icon([rect(3, 11, 18, 11, 2), 'M7 11V7a5 5 0 0 1 10 0v4'])

export const BookmarkIcon = ({ filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Icon fill={filled ? 'currentColor' : 'none'} {...props}>
    <path d="m19 21-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
  </Icon>
)
