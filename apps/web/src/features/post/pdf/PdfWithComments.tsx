import type { CommentAnchor, CommentView, MediaItem } from '@agora/contract'
import { plainText } from '@agora/contract/text'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  openAnchoredComment,
  reportPassagePlaces,
  useAnchoredComments,
  useAnchorFocus,
  useComments,
  useShowComment,
} from '../../comments'
import type { FlashRequest } from './PdfPage'
import { type PassagePlaces, type PdfPassage, PdfViewer, type QuotedPassage } from './PdfViewer'
import type { PdfSource } from './source'
import type { TextQuote } from './textQuote'

export interface PdfWithCommentsProps {
  item: MediaItem
  source: PdfSource
  /** The post the file belongs to. */
  postId: string
  /** The file is one of the post's current version (passages quoted from replaced files are looked for in it). */
  current?: boolean
}

/** An anchor's text quote selector and position hint. */
function quoteOfAnchor(exact: string, anchor: Partial<CommentAnchor>): TextQuote {
  return { exact, prefix: anchor.prefix, suffix: anchor.suffix, start: anchor.start, end: anchor.end }
}

/**
 * The PDF viewer with the post's discussion of it: the passages comments quote are marked
 * (a press opens the comment), "Comment on this passage" opens the comment dialog with the quote, a
 * comment's "p. N" brings its passage into view and flashes it. Passages quoted from a file that a
 * later version replaced are looked for in this one by their words; what was found (or not) is told
 * to the comments, which say "passage changed" otherwise.
 */
export default function PdfWithComments({ item, source, postId, current = false }: PdfWithCommentsProps) {
  const { t } = useTranslation('post')
  const frame = useRef<HTMLDivElement>(null)
  const showComment = useShowComment()
  const anchored = useAnchoredComments(postId, item.cid)
  const comments = useComments(postId)
  const [flash, setFlash] = useState<FlashRequest | null>(null)

  const passages = useMemo(() => {
    const label = (comment: CommentView) =>
      t('pdf.passageMark', {
        name: comment.display_name || comment.username,
        text: plainText(comment.content, 100),
      })
    const list: PdfPassage[] = []
    const seen = new Set<string>()
    const add = (comment: CommentView, sameFile: boolean) => {
      const anchor = comment.anchor
      if (anchor?.kind !== 'text' || !anchor.exact || seen.has(comment._id)) return
      seen.add(comment._id)
      list.push({
        id: comment._id,
        page: anchor.page ?? 1,
        quote: quoteOfAnchor(anchor.exact, anchor),
        label: label(comment),
        sameFile,
      })
    }
    for (const comment of anchored.comments) add(comment, true)
    // Quoted from a file a later version replaced: found again here by the words, if they are here.
    if (current) {
      for (const page of comments.data?.pages ?? [])
        for (const comment of page.items) if (comment.anchor && !comment.anchor.current) add(comment, false)
    }
    return list
  }, [anchored.comments, comments.data, current, t])

  const onPlaces = useCallback(
    (places: PassagePlaces) => {
      const moved = new Map<string, number | null>()
      for (const passage of passages)
        if (!passage.sameFile) moved.set(passage.id, places.get(passage.id) ?? null)
      if (moved.size > 0) reportPassagePlaces(postId, moved)
    },
    [passages, postId],
  )

  useAnchorFocus(postId, ({ anchor, comment }) => {
    if (anchor.kind !== 'text' || !anchor.exact) return
    const ours = anchor.cid === item.cid || passages.some((passage) => passage.id === comment?._id)
    if (!ours) return
    frame.current?.scrollIntoView({ block: 'start', behavior: 'instant' })
    setFlash({
      key: Date.now(),
      page: anchor.page ?? 1,
      quote: quoteOfAnchor(anchor.exact, anchor),
      id: comment?._id,
    })
  })

  const onCommentPassage = useCallback(
    (passage: QuotedPassage) => {
      openAnchoredComment(postId, { cid: item.cid, kind: 'text', ...passage })
    },
    [postId, item.cid],
  )

  return (
    <div ref={frame} className="pdfv-frame">
      <PdfViewer
        item={item}
        source={source}
        passages={passages}
        onOpenPassage={showComment}
        onCommentPassage={onCommentPassage}
        flash={flash}
        onPlaces={onPlaces}
      />
    </div>
  )
}
