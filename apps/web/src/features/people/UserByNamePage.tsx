import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { userKeys } from '../../api/queryKeys'
import { searchUsers } from '../../api/users'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { Button } from '../../ui/Button'
import { Loading } from '../../ui/Loading'
import '../../app/Screen.css'

/**
 * /u/{name}: where an @mention leads. Finds the member by name (names compare without case) and
 * goes on to their author page; says so plainly when nobody has that name.
 */
export function UserByNamePage() {
  const { t } = useTranslation('people')
  const name = useParams().name ?? ''
  useDocumentMeta({ title: `@${name}` })
  const found = useQuery({
    queryKey: userKeys.search(name),
    queryFn: ({ signal }) => searchUsers(name, signal),
    enabled: name.length > 0,
  })
  const user = found.data?.users.find((candidate) => candidate.username.toLowerCase() === name.toLowerCase())
  if (user) return <Navigate to={`/author/${encodeURIComponent(user.id)}`} replace />
  if (found.isPending && name) return <Loading text={t('finding', { name })} block />
  return (
    <div className="container screen">
      <h1>{found.isError ? t('failedTitle') : t('missingTitle')}</h1>
      <p className="screen__lead">{found.isError ? t('failed') : t('missing', { name })}</p>
      {found.isError ? (
        <Button onClick={() => void found.refetch()}>{t('retry')}</Button>
      ) : (
        <p>
          <Link to="/forum">{t('forum')}</Link>
        </p>
      )}
    </div>
  )
}
