import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { useCopyText } from './useCopyText'
import './CidCopy.css'

export interface CidCopyProps {
  cid: string
}

/** `bafkreia…x7yq`: the start and end of a content id, enough to tell two apart at a glance. */
export function shortCid(cid: string): string {
  return cid.length > 20 ? `${cid.slice(0, 10)}…${cid.slice(-6)}` : cid
}

/** A content id, shortened (the whole one on hover and to screen readers), with a Copy button. */
export function CidCopy({ cid }: CidCopyProps) {
  const { t } = useTranslation('ipfs')
  const { copied, copy } = useCopyText(t('cid.copyFailed'))
  return (
    <span className="cid-copy">
      <span className="cid-copy__label">{t('cid.label')}</span>{' '}
      <code className="cid-copy__value" title={cid} aria-hidden="true">
        {shortCid(cid)}
      </code>
      <span className="visually-hidden">{cid}</span>
      <Button size="sm" variant="ghost" onClick={() => void copy(cid)}>
        {copied ? t('cid.copied') : t('cid.copy')}
      </Button>
      <span className="visually-hidden" role="status">
        {copied ? t('cid.copiedAnnounce') : ''}
      </span>
    </span>
  )
}
