import type { PostDetailResponse } from '@agora/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { postKeys } from '../../api/queryKeys'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { CommentIcon, SparklesIcon } from '../../ui/contentIcons'
import { useIntlLocale } from '../../ui/format'
import { InlineList } from '../../ui/InlineList'
import { RefreshIcon } from '../../ui/icons'
import { tagSearchPath } from '../../ui/links'
import { TagList } from '../../ui/TagList'
import { toast } from '../../ui/toast'
import { type CommentDraft, CommentModal, focusAnchor, useShowComment } from '../comments'
import {
  analysisPollingStopped,
  type PostAnalysis,
  readAnalysis,
  restartAnalysisPolling,
  type TopicSource,
} from './analysis'
import { focusSentence } from './focusSentence'
import { findSentence, showRange } from './showSentence'
import { useRerunAnalysis } from './useRerunAnalysis'
import './AiAnalysisBox.css'

export interface AiAnalysisBoxProps {
  post: PostDetailResponse
}

/**
 * AI Content Analysis (spec §2): 'Analysing…' while the analysis is made (the post query polls), then
 * the TLDR, what the author's instruction focused it on, the summary, tags (each searches the forum),
 * discussion topics (each opens the comment modal pre-filled, with the sentence of the post it asks
 * about quoted below it) and the engine that answered. A failed analysis says so, and its author may run it again.
 */
export function AiAnalysisBox({ post }: AiAnalysisBoxProps) {
  const { t } = useTranslation('post')
  const titleId = useId()
  const { basic } = useSession()
  const queryClient = useQueryClient()
  const rerun = useRerunAnalysis(post.id)
  const showComment = useShowComment()
  const [draft, setDraft] = useState<CommentDraft | null>(null)
  const analysis = readAnalysis(post.ai_analysis)
  const pending = !analysis || analysis.status === 'pending'
  const isAuthor = !!basic && basic.id === post.author_id

  function checkAgain() {
    restartAnalysisPolling(post.id)
    void queryClient.refetchQueries({ queryKey: postKeys.detail(post.id), exact: true })
  }

  return (
    <section className="ai-box" aria-labelledby={titleId} aria-busy={pending}>
      <h2 id={titleId} className="ai-box__title">
        <SparklesIcon size={18} />
        {t('ai.title')}
      </h2>
      {pending ? (
        <div role="status">
          <p className="ai-box__pending">{t('ai.analysing')}</p>
          {analysisPollingStopped(post) && (
            <div className="ai-box__row">
              <p className="ai-box__muted">{t('ai.slow')}</p>
              <Button size="sm" icon={<RefreshIcon size={16} />} onClick={checkAgain}>
                {t('ai.checkAgain')}
              </Button>
            </div>
          )}
        </div>
      ) : analysis.status === 'failed' ? (
        <div role="status">
          <p className="ai-box__muted">{t('ai.failed')}</p>
          {analysis.error && (
            <p className="ai-box__reason">{t('ai.failedReason', { reason: analysis.error })}</p>
          )}
          {isAuthor && (
            <Button
              size="sm"
              className="ai-box__rerun"
              icon={<RefreshIcon size={16} />}
              loading={rerun.isPending}
              onClick={() => rerun.mutate()}
            >
              {t('ai.rerun')}
            </Button>
          )}
        </div>
      ) : (
        <AnalysisResult
          analysis={analysis}
          onTopic={(topic) => setDraft({ parent: null, initialText: topic })}
          onSource={(source) => showSource(post.id, source, t('ai.sentenceNotFound'))}
        />
      )}
      <CommentModal
        postId={post.id}
        draft={draft}
        onClose={() => setDraft(null)}
        onCreated={(created) => showComment(created._id)}
      />
    </section>
  )
}

/**
 * Brings a topic's sentence into view: in the post's PDF (its viewer turns to the page and flashes the
 * passage), or in the post's own text (marked there); says so when it is not on the page.
 */
function showSource(postId: string, source: TopicSource, notFound: string) {
  if (source.cid) {
    focusAnchor(postId, {
      anchor: { cid: source.cid, kind: 'text', exact: source.sentence, page: source.page ?? 1 },
    })
    return
  }
  const range = findSentence(
    [...document.querySelectorAll('.post__summary, .post__content')],
    source.sentence,
  )
  if (range) showRange(range)
  else toast.info(notFound)
}

function AnalysisResult({
  analysis,
  onTopic,
  onSource,
}: {
  analysis: PostAnalysis
  onTopic: (topic: string) => void
  onSource: (source: TopicSource) => void
}) {
  const { t } = useTranslation('post')
  const locale = useIntlLocale()
  const hintId = useId()
  const language = useLanguageName(analysis.language)
  const tldr = analysis.tldr
  return (
    <>
      {tldr && (
        <>
          <h3 className="ai-box__label">{t('ai.tldr')}</h3>
          <p className="ai-box__tldr">{tldr}</p>
        </>
      )}
      {analysis.focus.length > 0 && (
        <p className="ai-box__focus">{focusSentence(t, locale, analysis.focus)}</p>
      )}
      {analysis.summary && analysis.summary !== tldr && (
        <>
          <h3 className="ai-box__label">{t('ai.summary')}</h3>
          <p className="ai-box__summary">{analysis.summary}</p>
        </>
      )}
      {analysis.tags.length > 0 && (
        <>
          <h3 className="ai-box__label">{t('ai.tags')}</h3>
          <TagList tags={analysis.tags} linkOf={tagSearchPath} />
        </>
      )}
      {analysis.topics.length > 0 && (
        <>
          <h3 className="ai-box__label">{t('ai.topics')}</h3>
          <p id={hintId} className="visually-hidden">
            {t('ai.topicHint')}
          </p>
          <InlineList stacked aria-describedby={hintId}>
            {analysis.topics.map((topic) => {
              const source = analysis.topicSources.get(topic)
              return (
                <li key={topic}>
                  <button
                    type="button"
                    className="ai-box__topic"
                    aria-label={t('ai.discuss', { topic })}
                    onClick={() => onTopic(topic)}
                  >
                    <CommentIcon size={16} />
                    <span>{topic}</span>
                  </button>
                  {source && (
                    <figure className="ai-box__source">
                      <figcaption className="ai-box__source-label">
                        {source.kind ? t(`ai.kind_${source.kind}`) : t('ai.fromText')}
                      </figcaption>
                      <blockquote className="ai-box__quote">{source.sentence}</blockquote>
                      {(!source.cid || source.page) && (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="ai-box__show"
                          aria-label={
                            source.page
                              ? t('ai.showInFileLabel', { page: source.page, topic })
                              : t('ai.showInPostLabel', { topic })
                          }
                          onClick={() => onSource(source)}
                        >
                          {source.page ? t('ai.showInFile', { page: source.page }) : t('ai.showInPost')}
                        </Button>
                      )}
                    </figure>
                  )}
                </li>
              )
            })}
          </InlineList>
        </>
      )}
      <p className="ai-box__engine">
        {analysis.engine === 'openai-compatible'
          ? analysis.model
            ? t('ai.engineModel', { model: analysis.model })
            : t('ai.engineModelUnnamed')
          : t('ai.engineLocal')}
        {analysis.fallbackReason && <> {t('ai.fallback')}</>}
        {analysis.truncated && <> {t('ai.truncated')}</>}
        {language && <> {t('ai.language', { language })}</>}
      </p>
    </>
  )
}

/** 'en' → 'English' ('英语' in Chinese); nothing for an unknown language. */
function useLanguageName(code: string): string | null {
  const locale = useIntlLocale()
  if (!code || code === 'und') return null
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? null
  } catch {
    return null
  }
}
