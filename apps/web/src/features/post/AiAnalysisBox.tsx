import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SparklesIcon } from '../../ui/contentIcons'
import { Tag } from '../../ui/Tag'
import { readAnalysis } from './analysis'

export interface AiAnalysisBoxProps {
  /** The post's `ai_analysis` JSON string ('{}' until the analysis exists). */
  raw: string
}

/**
 * AI Content Analysis (spec §2): the summary and tags the analysis produced, 'Analysing…' until then.
 * (The analysis feature may extend this box with discussion topics and the engine's name.)
 */
export function AiAnalysisBox({ raw }: AiAnalysisBoxProps) {
  const { t } = useTranslation('post')
  const titleId = useId()
  const analysis = readAnalysis(raw)
  const pending = !analysis || analysis.status === 'pending'
  return (
    <section className="ai-box" aria-labelledby={titleId} aria-busy={pending}>
      <h2 id={titleId} className="ai-box__title">
        <SparklesIcon size={18} />
        {t('ai.title')}
      </h2>
      {pending ? (
        <p className="ai-box__pending" role="status">
          {t('ai.analysing')}
        </p>
      ) : analysis.status === 'failed' ? (
        <p className="ai-box__muted">{t('ai.failed')}</p>
      ) : (
        <>
          {analysis.summary && (
            <>
              <h3 className="ai-box__label">{t('ai.summary')}</h3>
              <p className="ai-box__summary">{analysis.summary}</p>
            </>
          )}
          {analysis.tags.length > 0 && (
            <>
              <h3 className="ai-box__label">{t('ai.tags')}</h3>
              <ul className="tag-list">
                {analysis.tags.map((tag) => (
                  <li key={tag}>
                    <Tag name={tag} to={`/forum?search=${encodeURIComponent(tag)}`} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  )
}
