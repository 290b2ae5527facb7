import { isIPv4, isIPv6 } from 'node:net'
import Bowser from 'bowser'

/** "Firefox on Linux" from a user agent; '' when it says nothing recognisable. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return ''
  const parsed = Bowser.parse(userAgent.slice(0, 512))
  const browser = parsed.browser.name ?? ''
  const os = parsed.os.name ?? ''
  if (browser && os) return `${browser} on ${os}`
  return browser || os || ''
}

/**
 * The part of an address that says roughly where, not who: the first three parts of an IPv4
 * address ("203.0.113.x") or the first three groups of an IPv6 one ("2001:db8:85a3::/48").
 */
export function ipPrefixOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.x`
  if (isIPv6(ip)) {
    const [head = ''] = ip.split('::')
    const groups = head.split(':').filter(Boolean)
    return `${[...groups, '0', '0', '0'].slice(0, 3).join(':')}::/48`
  }
  return ''
}

/** Where a request comes from, as a session keeps it. */
export interface SessionOrigin {
  userAgent: string
  ipPrefix: string
}

export function originOf(request: { headers: Record<string, unknown>; ip: string }): SessionOrigin {
  const agent = request.headers['user-agent']
  return { userAgent: typeof agent === 'string' ? agent.slice(0, 512) : '', ipPrefix: ipPrefixOf(request.ip) }
}
