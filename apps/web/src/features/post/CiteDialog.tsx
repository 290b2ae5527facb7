import { useTranslation } from 'react-i18next'
import { citationFileUrl, getCitation } from '../../api/posts'
import { CitationDialog } from '../../ui/CitationDialog'

/** "Cite": the post (its version when one is shown) as APA, BibTeX, RIS or CSL-JSON, to copy or download. */
export function CiteDialog({
  postId,
  version,
  onClose,
}: {
  postId: string
  version: number | null
  onClose: () => void
}) {
  const { t } = useTranslation('post')
  return (
    <CitationDialog
      title={version ? t('cite.titleVersion', { version }) : t('cite.title')}
      namespace="post"
      queryKey={(format) => ['posts', 'cite', postId, format, version]}
      load={(format, signal) => getCitation(postId, format, version, signal)}
      fileUrl={(format) => citationFileUrl(postId, format, version)}
      onClose={onClose}
    />
  )
}
