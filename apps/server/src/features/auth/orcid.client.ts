// The one seam to ORCID: OpenID Connect discovery, the authorization URL, and the code exchange
// with the id token checked (signature against the JWKS, issuer, audience, expiry, nonce).

import * as oidc from 'openid-client'
import { isLoopbackUrl, type OrcidConfig } from '../../config.orcid'
import { BadRequestError, ServiceUnavailableError } from '../../http/errors'

/** What a sign-in started with: kept by the browser (orcid.state.ts) until ORCID sends it back. */
export interface OrcidChallenge {
  state: string
  nonce: string
  /** The PKCE verifier, when the provider supports PKCE. */
  verifier: string | null
}

/** Who ORCID says signed in. */
export interface OrcidIdentity {
  orcid: string
  givenName: string
  familyName: string
}

const ORCID_ID = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/

export function orcidClient(config: OrcidConfig, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | null = null

  /** The provider's metadata, fetched once; a failed fetch is tried again next time. */
  function provider(): Promise<oidc.Configuration> {
    discovered ??= discover().catch((error) => {
      discovered = null
      throw error
    })
    return discovered
  }

  async function discover() {
    const issuer = new URL(config.baseUrl)
    // openid-client refuses http: unless told; only a loopback test server is spoken to so.
    const execute = issuer.protocol === 'http:' && isLoopbackUrl(issuer) ? [oidc.allowInsecureRequests] : []
    const found = await oidc
      .discovery(issuer, config.clientId, config.clientSecret, undefined, { execute })
      .catch(() => {
        throw new ServiceUnavailableError('orcid_unavailable')
      })
    // The id token's signature is checked against the provider's JWKS, not only trusted over TLS.
    oidc.enableNonRepudiationChecks(found)
    return found
  }

  return {
    async start(): Promise<{ url: URL; challenge: OrcidChallenge }> {
      const server = await provider()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const verifier = server.serverMetadata().supportsPKCE() ? oidc.randomPKCECodeVerifier() : null
      const parameters: Record<string, string> = { redirect_uri: redirectUri, scope: 'openid', state, nonce }
      if (verifier) {
        parameters.code_challenge = await oidc.calculatePKCECodeChallenge(verifier)
        parameters.code_challenge_method = 'S256'
      }
      return { url: oidc.buildAuthorizationUrl(server, parameters), challenge: { state, nonce, verifier } }
    },

    /** The identity ORCID vouches for, from the URL it sent the browser back to; 400 otherwise. */
    async finish(callbackUrl: URL, challenge: OrcidChallenge): Promise<OrcidIdentity> {
      const server = await provider()
      let claims: oidc.IDToken | undefined
      try {
        const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
          expectedState: challenge.state,
          expectedNonce: challenge.nonce,
          pkceCodeVerifier: challenge.verifier ?? undefined,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (error) {
        // A network failure is ORCID being away; anything else is an answer that did not prove who.
        if (error instanceof TypeError) throw new ServiceUnavailableError('orcid_unavailable')
        throw new BadRequestError('orcid_refused')
      }
      const orcid = typeof claims?.sub === 'string' ? claims.sub : ''
      if (!ORCID_ID.test(orcid)) throw new BadRequestError('orcid_refused')
      const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 200) : '')
      return { orcid, givenName: text(claims?.given_name), familyName: text(claims?.family_name) }
    },
  }
}
export type OrcidClient = ReturnType<typeof orcidClient>
