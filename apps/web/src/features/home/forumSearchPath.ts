/**
 * Where the home search goes: the forum filtered by the trimmed query, URL-encoded
 * ('  graph neural  ' → '/forum?search=graph%20neural'); null for a blank query (nothing happens).
 */
export function forumSearchPath(query: string): string | null {
  const trimmed = query.trim()
  return trimmed ? `/forum?search=${encodeURIComponent(trimmed)}` : null
}
