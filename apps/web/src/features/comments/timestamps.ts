/**
 * Times in comments: "03:15" and "1:02:05" as the player's "Comment at" button and a time
 * anchor show them, and `[mm:ss]` / `[h:mm:ss]` typed in a comment's text, which become links that
 * seek the post's player.
 */

/** 195 → "03:15", 3725 → "1:02:05". */
export function formatTime(total: number): string {
  const whole = Math.max(0, Math.floor(total))
  const hours = Math.floor(whole / 3600)
  const minutes = String(Math.floor((whole % 3600) / 60)).padStart(2, '0')
  const seconds = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${minutes}:${seconds}` : `${minutes}:${seconds}`
}

/** "03:15" → 195, "1:02:05" → 3725; null when it is not a time (seconds or minutes past 59). */
export function parseTime(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})$/.exec(text)
  if (!match) return null
  const [, hours, minutes, seconds] = match
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds)
}

/** Where a timestamp link points: `#t=195` (seconds), read back by timeOfLink. */
const LINK_PREFIX = '#t='

/**
 * The comment's Markdown with each `[mm:ss]` or `[h:mm:ss]` made a link to that moment. One that is
 * already a link (`[03:15](…)`), inside code, or not a time is left as written.
 */
export function linkTimestamps(markdown: string): string {
  const parts = markdown.split(/(`+[^`]*`+)/)
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/\[((?:\d{1,2}:)?\d{1,2}:\d{2})\](?![([])/g, (whole, time: string) => {
            const seconds = parseTime(time)
            return seconds === null ? whole : `[${time}](${LINK_PREFIX}${seconds})`
          }),
    )
    .join('')
}

/** The seconds a timestamp link points at, or null for any other link. */
export function timeOfLink(href: string | null): number | null {
  if (!href?.startsWith(LINK_PREFIX)) return null
  const seconds = Number(href.slice(LINK_PREFIX.length))
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}
