import type { MediaItem } from '@agora/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AudioIcon, FileIcon, ImageIcon, VideoIcon } from '../../ui/contentIcons'
import fallbackImage from '../../ui/cover-fallback.svg?no-inline'

export interface CoverMediaProps {
  /** The post's first file, if any. */
  item: MediaItem | undefined
  mediaType: string
}

type Stage = 'media' | 'fallback' | 'placeholder'

/** 'report.final.pdf' → 'PDF'. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0
    ? name
        .slice(dot + 1)
        .toUpperCase()
        .slice(0, 5)
    : ''
}

/**
 * A card's cover (spec §8 "Media fallbacks"): an image, or a video's first frame; a file that fails
 * becomes our local fallback picture, and if even that fails, a text placeholder. A document shows its
 * first page when the server has drawn it, else its kind, as audio does. The cover is decorative: the card's title names the post.
 */
export function CoverMedia({ item, mediaType }: CoverMediaProps) {
  const { t } = useTranslation('forum')
  const [stage, setStage] = useState<Stage>('media')
  const [pageFailed, setPageFailed] = useState(false)
  const kind = item?.kind ?? mediaType

  if (stage === 'placeholder' || !item) {
    return (
      <div className="cover cover--placeholder">
        <ImageIcon size={28} />
        <span>{item ? t('card.coverUnavailable') : t(`card.mediaType.${typeKey(kind)}`)}</span>
      </div>
    )
  }
  if (stage === 'fallback') {
    return <img className="cover" src={fallbackImage} alt="" onError={() => setStage('placeholder')} />
  }
  if (kind === 'image') {
    return (
      <img
        className="cover"
        src={item.url}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setStage('fallback')}
      />
    )
  }
  if (kind === 'video') {
    // Only metadata and the first frame load; `#t=0.1` makes browsers paint that frame.
    return (
      <div className="cover cover--video">
        <video
          className="cover"
          src={`${item.url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          onError={() => setStage('fallback')}
        />
        <span className="cover__badge" aria-hidden="true">
          <VideoIcon size={18} />
        </span>
      </div>
    )
  }
  if (item.thumbnail && !pageFailed) {
    // A document's first page, drawn by the server once its analysis has read it.
    return (
      <div className="cover cover--page">
        <img
          className="cover__page"
          src={item.thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setPageFailed(true)}
        />
      </div>
    )
  }
  const Icon = kind === 'audio' ? AudioIcon : FileIcon
  const extension = extensionOf(item.name)
  return (
    <div className={`cover cover--file cover--${typeKey(kind)}`}>
      <Icon size={36} />
      {extension && <span className="cover__extension">{extension}</span>}
    </div>
  )
}

export function typeKey(kind: string): 'image' | 'video' | 'audio' | 'document' | 'other' {
  return kind === 'image' || kind === 'video' || kind === 'audio' || kind === 'document' ? kind : 'other'
}
