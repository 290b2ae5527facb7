import type { MediaItem } from '@agora/contract'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadUrl } from '../../api/files'
import { Button } from '../../ui/Button'
import { DownloadIcon, ExpandIcon, FileIcon, ShrinkIcon } from '../../ui/contentIcons'
import { formatBytes, useIntlLocale } from '../../ui/format'
import { Loading } from '../../ui/Loading'
import { documentKind, documentLabel, officeViewerUrl, publicFileUrl } from './documentKind'
import { usePdfSource } from './pdf/source'
import { TEXT_PREVIEW_MAX_BYTES, useDocxPreview, useFileText } from './useDocument'
import '../../ui/Card.css'
import './DocumentViewer.css'

// pdf.js (~130 KB gzip and its worker) loads only for a PDF, and only once the page has loaded.
const PdfWithComments = lazy(() => import('./pdf/PdfWithComments'))
const PdfViewer = lazy(() => import('./pdf/PdfViewer').then((module) => ({ default: module.PdfViewer })))

export interface DocumentViewerProps {
  item: MediaItem
  /** The post it belongs to: its comments may quote the document's passages (PDF). */
  postId?: string
  /** The document is one of the post's current version (not an earlier version's shown on request). */
  current?: boolean
  /**
   * Whether the file may be shown to an online viewer outside this site (a public post). Office files
   * other than DOCX then offer Microsoft's viewer when the site has a public address.
   */
  shareable?: boolean
}

/**
 * A document of a post (spec §2 "Document viewer"): name, type, download and full screen, then the
 * preview — PDF drawn by pdf.js (pdf/PdfViewer.tsx), txt/md as text, DOCX as the server's sanitised HTML in a
 * sandboxed frame (no scripts, no access to this page); other Office files as a download, or on request
 * in Microsoft's online viewer when the file has a public address.
 */
export function DocumentViewer({ item, postId, current = true, shareable = false }: DocumentViewerProps) {
  const { t } = useTranslation('post')
  const locale = useIntlLocale()
  const frame = useRef<HTMLDivElement>(null)
  const [fullscreen, setFullscreen] = useState(false)

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen()
    else void frame.current?.requestFullscreen?.().catch(() => {})
  }

  // Drawn by the server too (most browsers have full screen): the bar does not change at the takeover.
  const canFullscreen = typeof document === 'undefined' || document.fullscreenEnabled
  return (
    <div ref={frame} className="card viewer" data-fullscreen={fullscreen || undefined}>
      <div className="viewer__bar cluster">
        <FileIcon size={20} className="viewer__icon" />
        <div className="viewer__title">
          <p className="viewer__name">{item.name}</p>
          <p className="viewer__type">
            {t(`viewer.types.${documentLabel(item)}`)} · {formatBytes(item.size, locale)}
          </p>
        </div>
        <div className="viewer__actions">
          <a className="btn btn--secondary btn--sm" href={downloadUrl(item)} download={item.name}>
            <DownloadIcon size={16} />
            {t('viewer.download')}
          </a>
          {canFullscreen && (
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              label={fullscreen ? t('viewer.exitFullscreen') : t('viewer.fullscreen')}
              icon={fullscreen ? <ShrinkIcon size={18} /> : <ExpandIcon size={18} />}
              onClick={toggleFullscreen}
            />
          )}
        </div>
      </div>
      <div className="viewer__body">
        <DocumentPreview item={item} postId={postId} current={current} shareable={shareable} />
      </div>
    </div>
  )
}

function DocumentPreview({ item, postId, current, shareable }: DocumentViewerProps) {
  const { t } = useTranslation('post')
  const kind = documentKind(item)
  if (kind === 'pdf') return <PdfPreview item={item} postId={postId} current={current} />
  if (kind === 'text' || kind === 'markdown') return <TextPreview item={item} />
  if (kind === 'docx') return <DocxPreview item={item} />
  const publicUrl =
    shareable && kind === 'office' ? publicFileUrl(item.url, new URL(window.location.href)) : null
  if (publicUrl) return <OfficeOnlinePreview item={item} publicUrl={publicUrl} />
  return <p className="viewer__message">{t('viewer.unavailable')}</p>
}

/** Loads Microsoft's viewer only when asked: it receives the file's address. */
function OfficeOnlinePreview({ item, publicUrl }: { item: MediaItem; publicUrl: string }) {
  const { t } = useTranslation('post')
  const [shown, setShown] = useState(false)
  if (shown) {
    return (
      <iframe
        className="viewer__frame viewer__frame--page"
        src={officeViewerUrl(publicUrl)}
        title={t('viewer.frameTitle', { name: item.name })}
        referrerPolicy="no-referrer"
      />
    )
  }
  return (
    <div className="viewer__message">
      <p>{t('viewer.unavailable')}</p>
      <Button size="sm" onClick={() => setShown(true)}>
        {t('viewer.externalPreview')}
      </Button>
      <p className="viewer__hint">{t('viewer.externalNote')}</p>
    </div>
  )
}

/** A box as tall as the viewer will be from the first paint on: nothing below it moves when it arrives. */
function PdfPreview({ item, postId, current }: DocumentViewerProps) {
  const source = usePdfSource(item.url)
  return (
    // The file named for public/route-prefetch.js, which starts it on a page the server drew.
    <div className="viewer__pdf" data-pdf-url={item.url}>
      {source ? (
        <Suspense fallback={<Loading block />}>
          {postId ? (
            <PdfWithComments item={item} source={source} postId={postId} current={current} />
          ) : (
            <PdfViewer item={item} source={source} />
          )}
        </Suspense>
      ) : (
        <Loading block />
      )}
    </div>
  )
}

function TextPreview({ item }: { item: MediaItem }) {
  const { t } = useTranslation('post')
  const locale = useIntlLocale()
  const text = useFileText(item, true)
  if (text.isPending) return <Loading block />
  if (text.isError) return <ViewerError text={t('viewer.textFailed')} onRetry={() => void text.refetch()} />
  return (
    <>
      {text.data.truncated && (
        <p className="viewer__note">
          {t('viewer.truncated', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES, locale) })}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <pre className="viewer__text" tabIndex={0}>
        {text.data.text}
      </pre>
    </>
  )
}

/** The document's own styles are gone (sanitised): a quiet page style makes it readable. */
const DOCX_PAGE_STYLE = `
  body { margin: 0; padding: 24px 28px; font: 16px/1.6 system-ui, sans-serif; color: #151a22; background: #fff; overflow-wrap: anywhere; }
  img { max-width: 100%; height: auto; }
  table { border-collapse: collapse; max-width: 100%; }
  td, th { border: 1px solid #d3d9e2; padding: 4px 8px; }
  a { color: #2447b3; }
`

function DocxPreview({ item }: { item: MediaItem }) {
  const { t } = useTranslation('post')
  const preview = useDocxPreview(item, true)
  if (preview.isPending) return <Loading block />
  if (preview.isError) {
    return <ViewerError text={t('viewer.officeFailed')} onRetry={() => void preview.refetch()} />
  }
  const page = `<!doctype html><html><head><meta charset="utf-8"><style>${DOCX_PAGE_STYLE}</style></head><body>${preview.data.html}</body></html>`
  return (
    <iframe
      className="viewer__frame viewer__frame--page"
      // No scripts and an opaque origin: the frame cannot reach this page, its cookies or the API.
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={page}
      title={t('viewer.frameTitle', { name: item.name })}
    />
  )
}

function ViewerError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('post')
  return (
    <div className="viewer__message" role="alert">
      <p>{text}</p>
      <Button size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  )
}
