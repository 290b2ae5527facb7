// Signing in with ORCID (OpenID Connect): off unless the client id and secret are given.

import { ConfigError, type Env } from './config.read'

export interface OrcidConfig {
  clientId: string
  clientSecret: string
  /** The provider's issuer, where its discovery document is: https://orcid.org or the sandbox. */
  baseUrl: string
}

/** Loopback hosts may be spoken to over plain http (a test's own provider); all else needs https. */
export function isLoopbackUrl(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

export function orcidConfig(env: Env): OrcidConfig | null {
  const clientId = env.ORCID_CLIENT_ID?.trim() || ''
  // The secret is a secret: it never appears in an error message.
  const clientSecret = env.ORCID_CLIENT_SECRET?.trim() || ''
  const baseUrl = (env.ORCID_BASE_URL?.trim() || 'https://orcid.org').replace(/\/+$/, '')
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError('ORCID_CLIENT_ID and ORCID_CLIENT_SECRET must be given together')
  }
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url)))) {
    throw new ConfigError(
      `ORCID_BASE_URL must be an https:// address (http:// only for 127.0.0.1 or localhost), e.g. https://sandbox.orcid.org; got "${baseUrl}"`,
    )
  }
  if (!clientId) return null
  return { clientId, clientSecret, baseUrl }
}
