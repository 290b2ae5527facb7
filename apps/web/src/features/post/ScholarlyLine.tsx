import type { PostDetailResponse } from '@agora/contract'
import { doiUrl, LICENSE_URLS } from '@agora/contract/limits'
import { useTranslation } from 'react-i18next'
import { postCarUrl } from '../../api/ipfs'
import { Button } from '../../ui/Button'

/** The post's licence, its DOI (through doi.org), "Cite" and "Download as CAR". */
export function ScholarlyLine({ post, onCite }: { post: PostDetailResponse; onCite: () => void }) {
  const { t } = useTranslation('post')
  // i18next reads '.' as a path: the ids' dots are '_' in the key.
  const licence = t(`license.names.${post.license.replaceAll('.', '_')}`, { defaultValue: post.license })
  const url = LICENSE_URLS[post.license]
  return (
    <div className="post__scholarly">
      <span className="post__license">
        {t('license.label')}{' '}
        {url ? (
          <a href={url} rel="license noopener" target="_blank">
            {licence}
          </a>
        ) : (
          licence
        )}
      </span>
      {post.doi && (
        <span className="post__doi">
          DOI{' '}
          <a href={doiUrl(post.doi)} rel="noopener" target="_blank">
            {post.doi}
          </a>
        </span>
      )}
      <Button size="sm" onClick={onCite}>
        {t('cite.open')}
      </Button>
      {/* The current files and a metadata record, content-addressed as one directory. */}
      <a className="btn btn--secondary btn--sm" href={postCarUrl(post.id)} download>
        {t('ipfs:downloadCar')}
      </a>
    </div>
  )
}
