import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { isApiError } from '../../api/client'
import { getPersonByName } from '../../api/profiles'
import { profileKeys, userKeys } from '../../api/queryKeys'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { Button } from '../../ui/Button'
import { Loading } from '../../ui/Loading'
import '../../app/Screen.css'

/**
 * /u/{name}: where an @mention leads, for signed-in and signed-out readers alike. Finds the member
 * by name (names compare without case) and goes on to their author page; says so plainly when
 * nobody has that name.
 */
export function UserByNamePage() {
  const { t } = useTranslation('people')
  const queryClient = useQueryClient()
  const name = useParams().name ?? ''
  useDocumentMeta({ title: `@${name}` })
  const found = useQuery({
    queryKey: userKeys.byName(name),
    queryFn: async ({ signal }) => {
      const profile = await getPersonByName(name, signal)
      // The author page asks for the same profile by id: it need not ask again.
      queryClient.setQueryData(profileKeys.author(profile.user_id), profile)
      return profile
    },
    enabled: name.length > 0,
  })
  if (found.data) return <Navigate to={`/author/${encodeURIComponent(found.data.user_id)}`} replace />
  if (found.isPending && name) return <Loading text={t('finding', { name })} block />
  const missing = !name || (isApiError(found.error) && found.error.status === 404)
  return (
    <div className="container screen">
      <h1>{missing ? t('missingTitle') : t('failedTitle')}</h1>
      <p className="screen__lead">{missing ? t('missing', { name }) : t('failed')}</p>
      {missing ? (
        <p>
          <Link to="/forum">{t('forum')}</Link>
        </p>
      ) : (
        <Button onClick={() => void found.refetch()}>{t('retry')}</Button>
      )}
    </div>
  )
}
