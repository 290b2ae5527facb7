import {
  ACTIVITY_LEVEL_THRESHOLDS,
  ACTIVITY_POINTS,
  ACTIVITY_WINDOW_DAYS,
  type ActivityLevel,
  type ActivitySummary,
} from '@agora/contract'
import type { DailyActivityRow } from './profiles.store'

/** Beginner, Active or Prolific, from the points of the last 30 days (thresholds in the contract). */
export function activityLevelOf(points: number): ActivityLevel {
  if (points >= ACTIVITY_LEVEL_THRESHOLDS.prolific) return 'Prolific'
  if (points >= ACTIVITY_LEVEL_THRESHOLDS.active) return 'Active'
  return 'Beginner'
}

const DAY_MS = 24 * 3600 * 1000

/** The first instant of the activity window: midnight UTC, 29 days before `now`'s day. */
export function activityWindowStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - (ACTIVITY_WINDOW_DAYS - 1) * DAY_MS)
}

/** One entry per UTC day of the window, oldest first, with the level those days earn. */
export function summarizeActivity(rows: DailyActivityRow[], now: Date): ActivitySummary {
  const start = activityWindowStart(now).getTime()
  const days = Array.from({ length: ACTIVITY_WINDOW_DAYS }, (_, i) => ({
    date: new Date(start + i * DAY_MS).toISOString().slice(0, 10),
    posts: 0,
    comments: 0,
    likes: 0,
  }))
  const byDate = new Map(days.map((day) => [day.date, day]))
  for (const row of rows) {
    const day = byDate.get(row.day)
    if (!day) continue
    if (row.kind === 'post') day.posts += row.n
    else if (row.kind === 'comment') day.comments += row.n
    else day.likes += row.n
  }
  const points = days.reduce(
    (sum, day) =>
      sum +
      day.posts * ACTIVITY_POINTS.post +
      day.comments * ACTIVITY_POINTS.comment +
      day.likes * ACTIVITY_POINTS.like,
    0,
  )
  const percent = Math.min(100, Math.round((points * 100) / ACTIVITY_LEVEL_THRESHOLDS.prolific))
  return { level: activityLevelOf(points), points, percent, days }
}
