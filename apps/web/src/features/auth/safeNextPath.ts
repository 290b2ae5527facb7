/** Only same-site paths: `?next=//evil.example` or `?next=https://...` must not redirect away. */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  return next
}
