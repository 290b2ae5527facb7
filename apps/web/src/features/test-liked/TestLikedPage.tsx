import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'
import { PagedListView } from '../../ui/PagedListView'
import { ProfilePostItem, postIdOf } from '../../ui/ProfilePostItem'
import { TextField } from '../../ui/TextField'
import { useUserLiked } from '../author'
import '../../app/Screen.css'
import './TestLikedPage.css'

/** The test page's page size (spec §9). */
const TEST_PAGE_SIZE = 5

/**
 * /test-liked — a developer page (product-spec §2): GET /media/user/{id}/liked in pages of 5 for the
 * signed-in user or any user id, with Load more, showing the request it makes.
 */
export function TestLikedPage() {
  const { t } = useTranslation('author')
  useDocumentMeta({ title: t('testLiked.title'), description: t('common:descriptions.testLiked') })
  const { basic } = useSession()
  const [draft, setDraft] = useState('')
  const [chosen, setChosen] = useState('')
  const userId = chosen || basic?.id || ''
  const list = useUserLiked(userId, TEST_PAGE_SIZE, userId !== '')
  const nextSkip = list.items.length

  function load(event: FormEvent) {
    event.preventDefault()
    setChosen(draft.trim())
  }

  return (
    <div className="container screen test-liked">
      <h1>{t('testLiked.title')}</h1>
      <p className="screen__lead">{t('testLiked.lead', { size: TEST_PAGE_SIZE })}</p>
      <form className="test-liked__form" onSubmit={load}>
        <TextField
          label={t('testLiked.userId')}
          name="user_id"
          value={draft}
          placeholder={basic?.id}
          hint={t('testLiked.userIdHint')}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="primary">
          {t('testLiked.load')}
        </Button>
      </form>
      {userId ? (
        <>
          <p className="test-liked__request">
            <span>{t('testLiked.request')}: </span>
            <code>
              GET /api/v1/media/user/{encodeURIComponent(userId)}/liked?skip={nextSkip}&amp;limit=
              {TEST_PAGE_SIZE}
            </code>
          </p>
          <p className="test-liked__status" aria-live="polite">
            {t('testLiked.loaded', { count: list.items.length })} ·{' '}
            {list.hasMore ? t('testLiked.more') : t('testLiked.noMore')}
          </p>
          <PagedListView
            list={list}
            label={t('testLiked.title')}
            loadingText={t('liked.loading')}
            empty={<Notice title={t('testLiked.empty')} />}
            idOf={postIdOf}
            renderItem={(post) => <ProfilePostItem post={post} />}
          />
        </>
      ) : (
        <Notice title={t('testLiked.needUser')} />
      )}
    </div>
  )
}
