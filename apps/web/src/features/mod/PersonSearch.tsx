import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { Loading } from '../../ui/Loading'
import { PeopleList, type PeopleListProps } from './PeopleList'
import { useModUsers } from './useModeration'
import '../../ui/Field.css'

const NAME_SEARCH_MAX = 40

export interface PersonSearchProps extends Pick<PeopleListProps, 'details' | 'action'> {
  viewerId: string
}

/** Finding a person by the start of their name; each one found is listed with the section's control. */
export function PersonSearch({ viewerId, details, action }: PersonSearchProps) {
  const { t } = useTranslation('moderation')
  const id = useId()
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState('')
  const found = useModUsers(viewerId, { q: query })

  function search(event: FormEvent) {
    event.preventDefault()
    setQuery(typed.trim())
  }

  return (
    <>
      <form className="mod-search cluster" onSubmit={search}>
        <div className="field mod-search__field">
          <label className="field__label" htmlFor={`${id}-q`}>
            {t('search.label')}
          </label>
          <input
            id={`${id}-q`}
            className="field__input"
            type="search"
            autoComplete="off"
            maxLength={NAME_SEARCH_MAX}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit" loading={found.isFetching}>
          {t('search.button')}
        </Button>
      </form>
      {query &&
        (found.isPending ? (
          <Loading text={t('search.searching')} />
        ) : found.isError ? (
          <p className="field__error" role="alert">
            {errorText(found.error, t, t('search.failed'))}
          </p>
        ) : found.data.items.length === 0 ? (
          <p className="mod-page__lead" role="status">
            {t('search.noMatch', { q: query })}
          </p>
        ) : (
          <PeopleList
            users={found.data.items}
            label={t('search.results')}
            details={details}
            action={action}
          />
        ))}
    </>
  )
}
