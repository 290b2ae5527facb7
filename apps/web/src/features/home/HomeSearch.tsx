import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../ui/Button'
import { forumSearchPath } from './forumSearchPath'
import { SearchIcon } from './homeIcons'

/**
 * The hero's forum search. Its placeholder is drawn (with a blinking cursor) rather than native, and
 * disappears while the field has focus or any text; the field's label says the same to screen
 * readers. A blank query does nothing.
 */
export function HomeSearch() {
  const { t } = useTranslation('home')
  const navigate = useNavigate()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const [focused, setFocused] = useState(false)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const path = forumSearchPath(query)
    if (path) void navigate(path)
  }

  return (
    <search className="home-search">
      <form className="home-search__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <div className="home-search__field">
          <SearchIcon size={20} className="home-search__icon" />
          <input
            id={inputId}
            className="home-search__input"
            type="search"
            name="search"
            value={query}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setQuery(event.target.value)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
          {!focused && query === '' && (
            <span
              className="home-search__placeholder"
              aria-hidden="true"
              data-testid="home-search-placeholder"
            >
              <span className="home-search__placeholder-text">{t('search.placeholder')}</span>
              <span className="home-search__cursor" />
            </span>
          )}
        </div>
        <Button type="submit" variant="primary" size="lg" className="home-search__submit">
          {t('search.submit')}
        </Button>
      </form>
    </search>
  )
}
