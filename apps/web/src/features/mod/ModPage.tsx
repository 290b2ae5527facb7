import type { QueueItem, ReportReason, ReportTargetType } from '@agora/contract'
import { REPORT_REASONS, REPORT_TARGET_TYPES } from '@agora/contract/limits'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { isApiError } from '../../api/client'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { dateFormat, parseTimestamp, useIntlLocale } from '../../ui/format'
import { Loading } from '../../ui/Loading'
import { Notice } from '../../ui/Notice'
import { QueryListView } from '../../ui/QueryListView'
import { Field } from '../../ui/TextField'
import { Timestamp } from '../../ui/Timestamp'
import { SignInScreen } from '../auth'
import { ModActionDialog } from './ModActionDialog'
import { ModeratorsSection } from './ModeratorsSection'
import { PeopleSection } from './PeopleSection'
import { type ModDecision, useModQueue } from './useModeration'
import '../../app/Screen.css'
import '../../ui/Card.css'
import '../../ui/Field.css'
import '../../ui/Tag.css'
import './ModPage.css'

/**
 * /mod: the moderators' queue of open reports and people's trust; admins also choose the
 * moderators.
 */
export function ModPage() {
  const { t } = useTranslation('moderation')
  useDocumentMeta({ title: t('queue.metaTitle'), description: t('queue.metaDescription') })
  const { status, user, refetch } = useSession()
  if (status === 'anonymous') return <SignInScreen title={t('queue.title')} lead={t('queue.loginLead')} />
  if (status === 'error')
    return (
      <div className="container screen screen--sections mod-page stack">
        <Notice title={t('queue.failed')} action={<Button onClick={refetch}>{t('queue.retry')}</Button>} />
      </div>
    )
  if (!user) return <Loading text={t('queue.loading')} block />
  if (user.role !== 'moderator' && user.role !== 'admin') return <ModForbidden />
  return (
    <div className="container screen screen--sections mod-page stack">
      <ModQueue viewerId={user.id} />
      <PeopleSection viewerId={user.id} />
      {user.role === 'admin' && <ModeratorsSection viewerId={user.id} />}
    </div>
  )
}

function ModForbidden() {
  const { t } = useTranslation('moderation')
  return (
    <div className="container screen screen--sections mod-page stack">
      <h1 className="screen__title">{t('queue.title')}</h1>
      <Notice
        title={t('queue.forbiddenTitle')}
        tone="private"
        action={<Link to="/mod/log">{t('queue.logLink')}</Link>}
      >
        {t('queue.forbiddenText')}
      </Notice>
    </div>
  )
}

function isTargetType(value: string | null): value is ReportTargetType {
  return (REPORT_TARGET_TYPES as readonly string[]).includes(value ?? '')
}

function isReason(value: string | null): value is ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(value ?? '')
}

function ModQueue({ viewerId }: { viewerId: string }) {
  const { t } = useTranslation('moderation')
  const id = useId()
  const [params, setParams] = useSearchParams()
  const typeParam = params.get('type')
  const reasonParam = params.get('reason')
  const filters = {
    targetType: isTargetType(typeParam) ? typeParam : null,
    reason: isReason(reasonParam) ? reasonParam : null,
  }
  const filtered = Boolean(filters.targetType || filters.reason)
  const queue = useModQueue(viewerId, filters)
  const items = queue.data?.pages.flatMap((page) => page.items) ?? []
  const open = queue.data?.pages[0]?.open

  const setFilter = (name: 'type' | 'reason', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(name, value)
        else next.delete(name)
        return next
      },
      { replace: true },
    )

  return (
    <section className="mod-queue stack" aria-labelledby={`${id}-title`}>
      <div className="section-heading mod-queue__head">
        <div>
          <h1 id={`${id}-title`} className="screen__title">
            {t('queue.title')}
          </h1>
          <p className="mod-page__lead">{t('queue.lead')}</p>
        </div>
        {open !== undefined && <p className="mod-queue__open">{t('queue.open', { count: open })}</p>}
      </div>
      <fieldset className="mod-filters cluster">
        <legend className="visually-hidden">{t('queue.filters')}</legend>
        <FilterSelect
          label={t('queue.targetType')}
          value={filters.targetType}
          options={REPORT_TARGET_TYPES.map((type) => [type, t(`targetTypes.${type}`)])}
          onChange={(value) => setFilter('type', value)}
        />
        <FilterSelect
          label={t('queue.reason')}
          value={filters.reason}
          options={REPORT_REASONS.map((reason) => [reason, t(`reasons.${reason}`)])}
          onChange={(value) => setFilter('reason', value)}
        />
      </fieldset>
      <QueryListView
        query={queue}
        count={items.length}
        text={(key) => (key === 'empty' && filtered ? t('queue.emptyFiltered') : t(`queue.${key}`))}
        failure={
          isApiError(queue.error, 403) ? (
            <Notice title={t('queue.forbiddenTitle')} tone="private">
              {t('queue.forbiddenText')}
            </Notice>
          ) : undefined
        }
      >
        <ul className="mod-queue__list">
          {items.map((item) => (
            <li key={`${item.target.type}:${item.target.id}`}>
              <QueueEntry item={item} />
            </li>
          ))}
        </ul>
      </QueryListView>
    </section>
  )
}

/** A filter of the queue: "All", then each value by its name. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string | null
  options: [value: string, name: string][]
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('moderation')
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="field__input"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('queue.all')}</option>
          {options.map(([option, name]) => (
            <option key={option} value={option}>
              {name}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The decisions a moderator may take on an item, in the order the buttons show them. */
function decisionsFor(item: QueueItem): ModDecision[] {
  const { target } = item
  const hasReport = item.reports.length > 0
  const decisions: ModDecision[] = []
  if (hasReport) decisions.push('dismiss')
  if (target.type !== 'user') {
    if (target.moderation.state === 'visible') decisions.push('hide')
    if (target.moderation.state === 'hidden') decisions.push('restore')
    if (target.moderation.state !== 'removed') decisions.push('remove')
  }
  decisions.push('suspend')
  return decisions
}

function QueueEntry({ item }: { item: QueueItem }) {
  const { t } = useTranslation('moderation')
  const locale = useIntlLocale()
  const id = useId()
  const [decision, setDecision] = useState<ModDecision | null>(null)
  const { target } = item
  const title = target.title || t('queue.untitled')
  const state = target.moderation.state
  const suspendedUntil = parseTimestamp(target.suspended_until)

  return (
    <article className="card mod-item stack" aria-labelledby={`${id}-title`}>
      <div className="mod-item__badges cluster">
        <span className="mod-badge">{t(`targetTypes.${target.type}`)}</span>
        {state !== 'visible' && <span className="mod-badge mod-badge--warning">{t(`states.${state}`)}</span>}
        {item.review_requested && (
          <span className="mod-badge mod-badge--info">{t('queue.reviewRequested')}</span>
        )}
        {suspendedUntil && (
          <span className="mod-badge mod-badge--warning">
            {t('queue.suspendedUntil', {
              date: dateFormat(locale, { dateStyle: 'medium' }).format(suspendedUntil),
            })}
          </span>
        )}
        {item.count > 0 && (
          <span className="mod-item__count">{t('queue.reports', { count: item.count })}</span>
        )}
      </div>
      <h2 id={`${id}-title`} className="mod-item__title">
        <Link to={target.url}>{title}</Link>
      </h2>
      {target.type !== 'user' && (
        <p className="mod-item__author">
          {t('queue.author')}:{' '}
          <Link to={`/author/${encodeURIComponent(target.author_id)}`}>{target.author_name}</Link>
        </p>
      )}
      {target.excerpt && <blockquote className="mod-item__excerpt">{target.excerpt}</blockquote>}
      {item.reasons.length > 0 && (
        <ul className="mod-item__reasons cluster" aria-label={t('queue.reasons')}>
          {item.reasons.map((reason) => (
            <li key={reason} className="tag">
              {t(`reasons.${reason}`)}
            </li>
          ))}
        </ul>
      )}
      {item.reports.length > 0 && (
        <details className="mod-item__reports" open={item.reports.length <= 3}>
          <summary>{t('queue.reportsHeading')}</summary>
          <ul>
            {item.reports.map((report) => (
              <li key={report.id} className="mod-report">
                <span className="mod-report__head">
                  <strong>{t(`reasons.${report.reason}`)}</strong>
                  <span>{t('queue.reportedBy', { name: report.reporter })}</span>
                  <Timestamp value={report.created_at} className="mod-report__time" />
                </span>
                <span className="mod-report__note">{report.note || t('queue.noNote')}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="mod-item__actions cluster">
        {decisionsFor(item).map((choice) => (
          <Button
            key={choice}
            size="sm"
            variant={choice === 'remove' || choice === 'suspend' ? 'danger' : 'secondary'}
            aria-haspopup="dialog"
            onClick={() => setDecision(choice)}
          >
            {choice === 'suspend' && target.type === 'user'
              ? t('actions.suspendUser')
              : t(`actions.${choice}`)}
          </Button>
        ))}
      </div>
      {decision && (
        <ModActionDialog
          action={{
            decision,
            reportId: item.reports[0]?.id ?? null,
            targetType: target.type,
            targetId: target.id,
            userId: target.author_id,
          }}
          title={title}
          userName={target.author_name}
          onClose={() => setDecision(null)}
        />
      )}
    </article>
  )
}
