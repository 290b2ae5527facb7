import { useTranslation } from 'react-i18next'
import { ArrowDownIcon, ArrowUpIcon, ClockIcon, FlameIcon, StarIcon } from '../../ui/contentIcons'
import { type ChosenSort, directionOf, nextSort, type SortField } from './forumSort'
import '../../ui/Button.css'

export interface SortButtonsProps {
  sort: ChosenSort | null
  onChange: (sort: ChosenSort | null) => void
}

const FIELDS: { field: SortField; Icon: typeof FlameIcon }[] = [
  { field: 'hot', Icon: FlameIcon },
  { field: 'recent', Icon: ClockIcon },
  { field: 'rating', Icon: StarIcon },
]

/**
 * Hot and Recent (spec §2, §4): each press cycles descending → ascending → none. A pressed button shows
 * its direction with an arrow; its accessible name says the state ("Hot: descending"). Highest rated
 * has one direction: pressed or not.
 */
export function SortButtons({ sort, onChange }: SortButtonsProps) {
  const { t } = useTranslation('forum')
  return (
    <fieldset className="sort-buttons">
      <legend className="visually-hidden">{t('sort.label')}</legend>
      {FIELDS.map(({ field, Icon }) => {
        const direction = directionOf(sort, field)
        const label = t(`sort.${field}`)
        const state = field === 'rating' ? label : t(`sort.state.${direction ?? 'none'}`, { field: label })
        return (
          <button
            key={field}
            type="button"
            className="pill-button sort-buttons__button"
            aria-pressed={direction !== null}
            aria-label={state}
            title={state}
            onClick={() => onChange(nextSort(sort, field))}
          >
            <Icon size={16} />
            <span>{label}</span>
            {direction === 'desc' && field !== 'rating' && <ArrowDownIcon size={16} />}
            {direction === 'asc' && <ArrowUpIcon size={16} />}
          </button>
        )
      })}
    </fieldset>
  )
}
