import type { LeaderboardPeriod } from '@agora/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSession } from '../../app/useSession'
import { Avatar } from '../../ui/Avatar'
import { errorText } from '../../ui/errorText'
import { Loading } from '../../ui/Loading'
import { ListError } from '../../ui/PagedListView'
import { SegmentedControl } from '../../ui/SegmentedControl'
import { TableHead } from '../../ui/TableHead'
import { useLeaderboard } from './rewardQueries'
import { useTokenText } from './useTokenText'
import '../../ui/Card.css'
import './rewards.css'

const PERIODS: readonly LeaderboardPeriod[] = ['week', 'month', 'all']

/** The token page's top earners for a week, a month or all time, as a table. */
export function Leaderboard() {
  const { t } = useTranslation('rewards')
  const tokens = useTokenText()
  const [period, setPeriod] = useState<LeaderboardPeriod>('week')
  const board = useLeaderboard(period)
  const viewerId = useSession().basic?.id ?? null
  const periodName = t(`leaderboard.periods.${period}`)
  return (
    <section className="card card--raised rewards-panel" aria-labelledby="leaderboard-title">
      <div className="rewards-panel__heading stack">
        <h2 id="leaderboard-title" className="rewards-section__title">
          {t('leaderboard.title')}
        </h2>
        <SegmentedControl
          legend={t('leaderboard.period')}
          options={PERIODS.map((value) => ({ value, label: t(`leaderboard.periods.${value}`) }))}
          value={period}
          onChange={setPeriod}
        />
      </div>
      {board.isPending ? (
        <Loading text={t('leaderboard.loading')} />
      ) : board.isError ? (
        <ListError
          message={errorText(board.error, t, t('leaderboard.failed'))}
          onRetry={() => void board.refetch()}
        />
      ) : board.data.entries.length === 0 ? (
        <p className="rewards-muted">{t('leaderboard.empty')}</p>
      ) : (
        <table className="rewards-board" aria-busy={board.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('leaderboard.caption', { period: periodName })}</caption>
          <TableHead
            columns={[
              t('leaderboard.rank'),
              t('leaderboard.researcher'),
              { label: t('leaderboard.earned'), className: 'rewards-board__earned' },
            ]}
          />
          <tbody>
            {board.data.entries.map((entry) => (
              <tr
                key={entry.user_id}
                className={entry.user_id === viewerId ? 'rewards-board__row--viewer' : undefined}
              >
                <td className="rewards-board__rank">{entry.rank}</td>
                <th scope="row">
                  {/* One line at any width: the name wraps inside its own box, the badge stays beside it. */}
                  <span className="rewards-board__entry">
                    <Link className="rewards-board__who" to={`/author/${encodeURIComponent(entry.user_id)}`}>
                      <Avatar src={entry.avatar} name={entry.nickname || entry.username} size={28} />
                      <span className="rewards-board__name">{entry.nickname || entry.username}</span>
                    </Link>
                    {entry.user_id === viewerId && (
                      <span className="rewards-board__you">{t('leaderboard.you')}</span>
                    )}
                  </span>
                </th>
                <td className="rewards-board__earned">{tokens(entry.earned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
