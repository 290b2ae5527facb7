import type { CommentView, MediaItem } from '@agora/contract'
import { plainText } from '@agora/contract/text'
import { type RefObject, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CommentIcon } from '../../ui/contentIcons'
import { formatTime, openAnchoredComment, useAnchoredComments } from '../comments'
import './RecordingTools.css'

/** Where a player should go: a time, and a count so that asking twice for one time goes twice. */
export interface SeekRequest {
  seconds: number
  nonce: number
}

/** The player's whole seconds played and its length (null until its metadata is in). */
function usePlayerClock(media: RefObject<HTMLMediaElement | null>) {
  const [now, setNow] = useState(0)
  const [duration, setDuration] = useState<number | null>(null)
  useEffect(() => {
    const element = media.current
    if (!element) return
    const tick = () => setNow(Math.floor(element.currentTime))
    const measure = () =>
      setDuration(Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null)
    measure()
    tick()
    element.addEventListener('timeupdate', tick)
    element.addEventListener('seeked', tick)
    element.addEventListener('loadedmetadata', measure)
    element.addEventListener('durationchange', measure)
    return () => {
      element.removeEventListener('timeupdate', tick)
      element.removeEventListener('seeked', tick)
      element.removeEventListener('loadedmetadata', measure)
      element.removeEventListener('durationchange', measure)
    }
  }, [media])
  return { now, duration }
}

/**
 * Moves the player to `seek` once it knows its length, plays and focuses it (so the keyboard goes on
 * from the player). Playing may be refused (no user gesture the browser counts): the time is set anyway.
 */
export function useSeek(media: RefObject<HTMLMediaElement | null>, seek: SeekRequest | null) {
  useEffect(() => {
    const element = media.current
    if (!element || !seek) return
    const go = () => {
      element.currentTime = seek.seconds
      element.focus({ preventScroll: true })
      element.scrollIntoView({ block: 'nearest' })
      void element.play()?.catch(() => {})
    }
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) {
      go()
      return
    }
    element.addEventListener('loadedmetadata', go, { once: true })
    return () => element.removeEventListener('loadedmetadata', go)
  }, [media, seek])
}

/**
 * Under a video or audio player: "Comment at 03:15" (the player's current time; it pauses
 * the player and opens the comment dialog with that moment), and a strip with a marker at the time of
 * each comment on this recording (a press seeks the player there).
 */
export function RecordingTools({
  postId,
  item,
  media,
  onSeek,
}: {
  postId: string
  item: MediaItem
  media: RefObject<HTMLMediaElement | null>
  onSeek: (seconds: number) => void
}) {
  const { t } = useTranslation('comments')
  const { now, duration } = usePlayerClock(media)
  const anchored = useAnchoredComments(postId, item.cid)
  const moments = anchored.comments.filter((comment) => comment.anchor?.kind === 'time')
  const time = formatTime(now)

  function commentHere() {
    const element = media.current
    element?.pause()
    openAnchoredComment(postId, {
      cid: item.cid,
      kind: 'time',
      start: Math.floor(element?.currentTime ?? now),
    })
  }

  return (
    <div className="recording-tools">
      {duration !== null && moments.length > 0 && (
        <MarkerStrip name={item.name} moments={moments} duration={duration} onSeek={onSeek} />
      )}
      <button
        type="button"
        className="recording-tools__comment"
        aria-label={t('anchor.commentAtLabel', { time, name: item.name })}
        onClick={commentHere}
      >
        <CommentIcon size={16} />
        <span aria-hidden="true">{t('anchor.commentAt', { time })}</span>
      </button>
    </div>
  )
}

function MarkerStrip({
  name,
  moments,
  duration,
  onSeek,
}: {
  name: string
  moments: CommentView[]
  duration: number
  onSeek: (seconds: number) => void
}) {
  const { t } = useTranslation('comments')
  const byTime = [...moments].sort((a, b) => (a.anchor?.start ?? 0) - (b.anchor?.start ?? 0))
  return (
    <ol className="recording-markers" aria-label={t('anchor.markers', { name })}>
      {byTime.map((comment) => {
        const start = comment.anchor?.start ?? 0
        const label = t('anchor.marker', {
          time: formatTime(start),
          name: comment.display_name,
          text: plainText(comment.content, 80),
        })
        return (
          <li
            key={comment._id}
            className="recording-markers__item"
            style={{ insetInlineStart: `${Math.min(100, (start / duration) * 100)}%` }}
          >
            <button
              type="button"
              className="recording-markers__marker"
              aria-label={label}
              title={label}
              onClick={() => onSeek(start)}
            />
          </li>
        )
      })}
    </ol>
  )
}
