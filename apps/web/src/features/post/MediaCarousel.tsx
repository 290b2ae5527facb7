import type { MediaItem } from '@agora/contract'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AudioIcon, ChevronLeftIcon, ChevronRightIcon } from '../../ui/contentIcons'
import fallbackImage from '../../ui/cover-fallback.svg?no-inline'
import { IconButton } from '../../ui/IconButton'
import { ANY_RECORDING, useAnchorFocus, useRecordingNames, useRecordingOnPage } from '../comments'
// The viewer's frame (name, type, download, a body of fixed height) is drawn with the page, the server's
// too, so nothing moves when its contents arrive: the PDF viewer itself loads after the page has.
import { DocumentViewer } from './DocumentViewer'
import { FileIpfs } from './FileIpfs'
import { RecordingTools, type SeekRequest, useSeek } from './RecordingTools'

export interface MediaCarouselProps {
  items: MediaItem[]
  /** A public post: its documents may be offered to an online viewer (see DocumentViewer). */
  shareable?: boolean
  /** The post the files are of: with it, a video or audio gets comments at its moments. */
  postId?: string
  /** The files are the post's current version's (else an earlier version's, shown on request). */
  currentVersion?: boolean
}

/**
 * A post's files one at a time (spec §2): previous/next buttons, an indicator per item, and the left and
 * right arrow keys anywhere in the carousel except on a player's own controls. Only the shown item is
 * mounted, so a video stops when you move on.
 */
export function MediaCarousel({
  items,
  shareable = false,
  postId,
  currentVersion = true,
}: MediaCarouselProps) {
  const { t } = useTranslation('post')
  const [index, setIndex] = useState(0)
  const [seek, setSeek] = useState<SeekRequest | null>(null)
  const id = useId()
  const total = items.length
  const shown = Math.min(index, total - 1)
  const isRecording = (item: MediaItem | undefined) => item?.kind === 'video' || item?.kind === 'audio'
  useRecordingOnPage(postId, items.some(isRecording))
  useRecordingNames(postId, items.filter(isRecording))
  // A reader pressed a moment in a comment: show that recording (a typed [mm:ss]: the one shown, else
  // the first) and take its player there.
  useAnchorFocus(postId, ({ anchor }) => {
    if (anchor.kind !== 'time') return
    const target =
      anchor.cid === ANY_RECORDING
        ? isRecording(items[shown])
          ? shown
          : items.findIndex(isRecording)
        : items.findIndex((item) => item.cid === anchor.cid)
    if (target < 0) return
    setIndex(target)
    setSeek({ seconds: anchor.start ?? 0, nonce: (seek?.nonce ?? 0) + 1 })
  })
  const current = items[shown]
  if (!current) return null
  const go = (next: number) => {
    setSeek(null)
    setIndex((next + total) % total)
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (total < 2 || event.target instanceof HTMLMediaElement) return
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(shown - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(shown + 1)
    }
  }

  return (
    <section
      className="carousel stack"
      aria-roledescription="carousel"
      aria-label={t('media.label')}
      aria-describedby={total > 1 ? `${id}-hint` : undefined}
      onKeyDown={onKeyDown}
    >
      {total > 1 && (
        <p id={`${id}-hint`} className="visually-hidden">
          {t('media.keyboardHint')}
        </p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a group described as a slide. */}
      <div
        key={current.cid + shown}
        className="carousel__slide stack"
        role="group"
        aria-roledescription="slide"
        aria-label={`${t('media.slide', { index: shown + 1, total })}: ${current.name}`}
      >
        <MediaSlide
          item={current}
          shareable={shareable}
          currentVersion={currentVersion}
          postId={postId}
          seek={seek}
          onSeek={(seconds) => setSeek({ seconds, nonce: (seek?.nonce ?? 0) + 1 })}
        />
        <FileIpfs item={current} />
      </div>
      {total > 1 && (
        <div className="carousel__controls">
          <IconButton className="carousel__arrow" label={t('media.previous')} onClick={() => go(shown - 1)}>
            <ChevronLeftIcon />
          </IconButton>
          <ol className="carousel__indicators">
            {items.map((item, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a post's files never reorder; one file may appear twice.
              <li key={item.cid + position}>
                <button
                  type="button"
                  className="carousel__indicator"
                  aria-label={t('media.show', { index: position + 1, name: item.name })}
                  aria-current={position === shown || undefined}
                  onClick={() => go(position)}
                >
                  <span aria-hidden="true" />
                </button>
              </li>
            ))}
          </ol>
          <span className="carousel__position" aria-live="polite">
            {t('media.slide', { index: shown + 1, total })}
          </span>
          <IconButton className="carousel__arrow" label={t('media.next')} onClick={() => go(shown + 1)}>
            <ChevronRightIcon />
          </IconButton>
        </div>
      )}
    </section>
  )
}

/** What a player slide needs for comments at its moments: the post, where to go, and how to ask to go. */
interface RecordingProps {
  postId?: string
  seek: SeekRequest | null
  onSeek: (seconds: number) => void
}

function MediaSlide({
  item,
  shareable,
  currentVersion,
  ...recording
}: { item: MediaItem; shareable: boolean; currentVersion: boolean } & RecordingProps) {
  if (item.kind === 'image') return <ImageSlide item={item} />
  if (item.kind === 'video') return <VideoSlide item={item} {...recording} />
  if (item.kind === 'audio') return <AudioSlide item={item} {...recording} />
  return (
    <DocumentViewer item={item} postId={recording.postId} current={currentVersion} shareable={shareable} />
  )
}

/** A failed image becomes the local fallback picture, then a sentence (spec §8). */
function ImageSlide({ item }: { item: MediaItem }) {
  const { t } = useTranslation('post')
  const [stage, setStage] = useState<'media' | 'fallback' | 'text'>('media')
  if (stage === 'text') return <p className="carousel__failed">{t('media.imageFailed')}</p>
  return (
    <figure className="carousel__figure stack">
      <img
        className="carousel__image"
        src={stage === 'media' ? item.url : fallbackImage}
        alt={stage === 'media' ? item.name : t('media.imageFailed')}
        // The picture at the top of a post is its largest paint: fetched ahead of other requests.
        fetchPriority="high"
        onError={() => setStage(stage === 'media' ? 'fallback' : 'text')}
      />
    </figure>
  )
}

/** A video that cannot play is replaced by an image (spec §8). */
function VideoSlide({ item, postId, seek, onSeek }: { item: MediaItem } & RecordingProps) {
  const { t } = useTranslation('post')
  const [failed, setFailed] = useState(false)
  const media = useRef<HTMLVideoElement>(null)
  useSeek(media, seek)
  if (failed) {
    return (
      <figure className="carousel__figure stack">
        <img className="carousel__image" src={fallbackImage} alt="" />
        <figcaption className="carousel__failed">{t('media.videoFailed')}</figcaption>
      </figure>
    )
  }
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks. */}
      <video
        ref={media}
        className="carousel__video"
        src={item.url}
        controls
        preload="metadata"
        playsInline
        aria-label={item.name}
        onError={() => setFailed(true)}
      />
      {postId && <RecordingTools postId={postId} item={item} media={media} onSeek={onSeek} />}
    </>
  )
}

function AudioSlide({ item, postId, seek, onSeek }: { item: MediaItem } & RecordingProps) {
  const { t } = useTranslation('post')
  const [failed, setFailed] = useState(false)
  const media = useRef<HTMLAudioElement>(null)
  useSeek(media, seek)
  return (
    <div className="carousel__audio">
      <AudioIcon size={40} />
      <p className="carousel__audio-name">{item.name}</p>
      {failed ? (
        <p className="carousel__failed">{t('media.audioFailed')}</p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks. */}
          <audio
            ref={media}
            src={item.url}
            controls
            preload="metadata"
            aria-label={item.name}
            onError={() => setFailed(true)}
          />
          {postId && <RecordingTools postId={postId} item={item} media={media} onSeek={onSeek} />}
        </>
      )}
    </div>
  )
}
