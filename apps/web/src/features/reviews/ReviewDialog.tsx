import type { ReviewView } from '@agora/contract'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import {
  REVIEW_CRITERIA,
  REVIEW_INTERESTS_MAX,
  REVIEW_SUMMARY_MAX,
  REVIEW_SUMMARY_MIN,
  reviewConflictOf,
} from '../../api/reviews'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { numberFormat, useIntlLocale } from '../../ui/format'
import { RadioGroup } from '../../ui/RadioGroup'
import { SelectOptions } from '../../ui/SelectOptions'
import { Field, TextAreaField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { ConflictChoice } from './ConflictChoice'
import {
  characters,
  draftOf,
  emptyDraft,
  FIELD_ORDER,
  type ReviewDraft,
  type ReviewField,
  type ReviewProblem,
  reviewProblems,
  SCORES,
  type Score,
} from './reviewForm'
import { useCreateReview, useEditReview } from './useReviews'

export interface ReviewDialogProps {
  postId: string
  /** The versions the reader may review, oldest first. */
  versions: readonly number[]
  /** The reader's own review to edit; null to write a new one. */
  review: ReviewView | null
  onClose: () => void
}

const SCORE_OPTIONS = SCORES.map(String) as readonly `${Score}`[]

/**
 * "Write a review" (or edit one's own): the version judged, the summary, a 1–5 score for each
 * criterion and for confidence, and competing interests. The form checks what the server would
 * refuse before sending; an edit made from a stale revision shows both summaries to choose from.
 */
export default function ReviewDialog({ postId, versions, review, onClose }: ReviewDialogProps) {
  const { t } = useTranslation('reviews')
  const id = useId()
  const form = useRef<HTMLDivElement>(null)
  const newest = versions[versions.length - 1] ?? 1
  const [draft, setDraft] = useState<ReviewDraft>(() => (review ? draftOf(review) : emptyDraft(newest)))
  const [baseRevision, setBaseRevision] = useState(review?.revision ?? 1)
  const [conflict, setConflict] = useState<ReviewView | null>(null)
  // Field problems show once the reader has tried to send; they then follow every change.
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const create = useCreateReview(postId)
  const edit = useEditReview(postId, review?._id ?? '')
  const pending = create.isPending || edit.isPending
  const problems = tried ? reviewProblems(draft) : {}
  const locale = useIntlLocale()
  const format = (count: number) => numberFormat(locale).format(count)

  const problemText = (problem: ReviewProblem | undefined) =>
    problem
      ? t(`form.problems.${problem}`, {
          min: REVIEW_SUMMARY_MIN,
          max: format(problem === 'interestsLong' ? REVIEW_INTERESTS_MAX : REVIEW_SUMMARY_MAX),
        })
      : null

  function focusField(field: ReviewField) {
    const box = form.current?.querySelector(`[data-field="${field}"]`)
    const control =
      box?.querySelector<HTMLElement>('input:checked') ??
      box?.querySelector<HTMLElement>('input, textarea, select')
    control?.focus()
  }

  function failed(error: unknown) {
    const current = reviewConflictOf(error)
    if (current) setConflict(current)
    else if (!isApiError(error, 401)) setFailure(errorText(error, t, t('form.failed')))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    setFailure(null)
    const found = reviewProblems(draft)
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) {
      setFailure(t('form.incomplete'))
      focusField(first)
      return
    }
    if (review)
      edit.mutate(
        { draft, baseRevision },
        {
          onSuccess: () => {
            toast.success(t('form.saved'), { duration: 3000 })
            onClose()
          },
          onError: failed,
        },
      )
    else
      create.mutate(draft, {
        onSuccess: () => {
          toast.success(t('form.posted'), { duration: 3000 })
          onClose()
        },
        onError: failed,
      })
  }

  const setScore = (field: ReviewField, score: Score) =>
    setDraft((current) =>
      field === 'confidence'
        ? { ...current, confidence: score }
        : { ...current, ratings: { ...current.ratings, [field]: score } },
    )

  return (
    <DialogForm
      title={review ? t('form.editTitle') : t('form.writeTitle')}
      lead={t('form.lead')}
      size="lg"
      className="review-form"
      pending={pending}
      onClose={onClose}
      onSubmit={submit}
      problem={failure}
      cancelLabel={t('form.cancel')}
      submitLabel={review ? t('form.save') : t('form.submit')}
    >
      <div ref={form} className="review-form__fields">
        {conflict && (
          <ConflictChoice
            message={t('form.conflict', { revision: conflict.revision })}
            current={conflict.summary}
            mine={draft.summary}
            label={t('form.summary')}
            takeLabel={t('form.takeCurrent')}
            keepLabel={t('form.keepMine')}
            onChoose={(takeCurrent) => {
              if (takeCurrent) setDraft(draftOf(conflict))
              setBaseRevision(conflict.revision)
              setConflict(null)
            }}
          />
        )}

        {review ? (
          <p className="review-form__version">{t('form.versionFixed', { version: review.version })}</p>
        ) : (
          <Field label={t('form.version')}>
            {(control) => (
              <select
                className="field__input"
                {...control}
                value={draft.version}
                onChange={(event) => setDraft({ ...draft, version: Number(event.target.value) })}
              >
                <SelectOptions
                  values={[...versions].reverse()}
                  labelOf={(version) =>
                    version === newest
                      ? t('form.versionNewest', { version })
                      : t('form.versionOption', { version })
                  }
                />
              </select>
            )}
          </Field>
        )}

        <div data-field="summary">
          <Field label={t('form.summary')} error={problemText(problems.summary)}>
            {(control) => (
              <>
                <p className="field__hint" id={`${id}-summary-hint`}>
                  {t('form.summaryHint')}
                </p>
                <textarea
                  className="field__input field__input--multiline review-form__summary"
                  rows={8}
                  {...control}
                  aria-describedby={[control['aria-describedby'], `${id}-summary-hint`, `${id}-summary-count`]
                    .filter(Boolean)
                    .join(' ')}
                  value={draft.summary}
                  onChange={(event) => setDraft({ ...draft, summary: event.target.value })}
                />
                <p className="field__hint review-form__counter" id={`${id}-summary-count`}>
                  {t('form.length', {
                    count: format(characters(draft.summary.trim())),
                    max: format(REVIEW_SUMMARY_MAX),
                    min: REVIEW_SUMMARY_MIN,
                  })}
                </p>
              </>
            )}
          </Field>
        </div>

        <div className="review-form__scores">
          {[...REVIEW_CRITERIA, 'confidence' as const].map((field) => {
            const value = field === 'confidence' ? draft.confidence : draft.ratings[field]
            const error = problemText(problems[field])
            const hintId = `${id}-${field}-scale`
            const errorId = `${id}-${field}-error`
            return (
              <div
                key={field}
                data-field={field}
                className={error ? 'review-score review-score--invalid' : 'review-score'}
              >
                <RadioGroup
                  legend={field === 'confidence' ? t('confidence') : t(`criteria.${field}`)}
                  legendClassName="field__label"
                  className="review-score__group"
                  optionClassName="review-score__option"
                  options={SCORE_OPTIONS}
                  value={value === null ? null : (String(value) as `${Score}`)}
                  onChange={(score) => setScore(field, Number(score) as Score)}
                  labelOf={(score) => <span>{score}</span>}
                  aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                />
                <p className="field__hint" id={hintId}>
                  {field === 'confidence' ? t('form.confidenceScale') : t('form.scale')}
                </p>
                {error && (
                  <p className="field__error" id={errorId}>
                    {error}
                  </p>
                )}
              </div>
            )
          })}
        </div>

        <div data-field="competingInterests">
          <TextAreaField
            label={t('form.interests')}
            hint={t('form.interestsHint')}
            error={problemText(problems.competingInterests)}
            rows={2}
            value={draft.competingInterests}
            onChange={(event) => setDraft({ ...draft, competingInterests: event.target.value })}
          />
        </div>
      </div>
    </DialogForm>
  )
}
