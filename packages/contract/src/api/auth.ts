import Type from 'typebox'
import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  RevokedSessions,
  SessionList,
  VerifyEmailRequest,
} from '../accounts'
import {
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  TokenRequest,
  TokenResponse,
  VerifyResponse,
} from '../auth'
import { MessageResponse } from '../common'
import type { Endpoint } from '../endpoint'

const tags = ['auth']

/** Signing up, in and out, and the care of an account: its address, password, sessions and end. */
export const AUTH_API = {
  'POST /auth/register': {
    tags,
    summary: 'Create an account',
    body: RegisterRequest,
    bodyAs: 'form',
    status: 201,
    answer: RegisterResponse,
    errors: [400, 401, 409, 429],
  },
  'POST /auth/token': {
    tags,
    summary: 'Log in (OAuth2 password grant)',
    description:
      'Secure mode (default) sets HttpOnly cookies and answers an empty access_token; `secure_mode=false` answers a Bearer token and a refresh token instead.',
    body: TokenRequest,
    bodyAs: 'form',
    answer: TokenResponse,
    errors: [400, 401, 409, 429],
  },
  'POST /auth/refresh': {
    tags,
    summary: 'Trade the refresh token (cookie, or refresh_token field) for a new pair',
    body: RefreshRequest,
    bodyOptional: true,
    answer: TokenResponse,
    errors: [401],
  },
  'POST /auth/logout': {
    tags,
    summary: 'End this session everywhere',
    body: RefreshRequest,
    bodyOptional: true,
    answer: MessageResponse,
    errors: [],
  },
  'GET /auth/verify': {
    tags,
    summary: 'Is the current token valid?',
    answer: VerifyResponse,
    errors: [],
  },
  'POST /auth/email/verify/request': {
    tags,
    summary: 'Mail a new link that verifies the address on the account',
    status: 202,
    answer: MessageResponse,
    errors: [400, 401, 409, 429],
  },
  'POST /auth/email/verify': {
    tags,
    summary: 'Verify an address with the token from its link',
    body: VerifyEmailRequest,
    answer: Type.Object({ ...MessageResponse.properties, email: Type.String() }),
    errors: [400, 429],
  },
  'POST /auth/password/forgot': {
    tags,
    summary: 'Mail a password-reset link (202 whether or not the account exists)',
    body: ForgotPasswordRequest,
    status: 202,
    answer: MessageResponse,
    errors: [400, 429],
  },
  'POST /auth/password/reset': {
    tags,
    summary: 'Set a new password with a reset link; every session ends and this browser is signed in',
    body: ResetPasswordRequest,
    answer: TokenResponse,
    errors: [400, 429],
  },
  'POST /auth/password/change': {
    tags,
    summary: 'Change the password (the current one required); other sessions end',
    body: ChangePasswordRequest,
    answer: RevokedSessions,
    errors: [400, 401, 429],
  },
  'GET /auth/sessions': {
    tags,
    summary: 'Where you are signed in, the most recently used first',
    answer: SessionList,
    errors: [401],
  },
  'DELETE /auth/sessions/:id': {
    tags,
    summary: 'Sign out one session',
    params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
    answer: RevokedSessions,
    errors: [401, 404],
  },
  'POST /auth/sessions/revoke_others': {
    tags,
    summary: 'Sign out everywhere else',
    answer: RevokedSessions,
    errors: [401],
  },
  'DELETE /auth/me': {
    tags,
    summary:
      'Delete your account (password required): your posts and comments go, or stay as "[deleted user]"',
    body: DeleteAccountRequest,
    answer: MessageResponse,
    errors: [400, 401, 429],
  },
  'GET /auth/methods': {
    tags,
    summary: 'The ways to sign in this site offers: a password always, ORCID when it is configured',
    answer: Type.Object({ password: Type.Boolean(), orcid: Type.Boolean() }),
    errors: [],
  },
  'GET /auth/orcid/start': {
    tags,
    summary: 'Sign in with ORCID: a redirect to ORCID, which comes back to /auth/orcid/callback',
    description:
      'Signed in, it links the iD to this account instead. `next` is the path of this site to return to (else `/`).',
    query: Type.Object({ next: Type.Optional(Type.String({ maxLength: 2000 })) }),
    status: 302,
    answer: { redirect: "To ORCID's sign-in page" },
    errors: [404, 429, 503],
  },
  'GET /auth/orcid/callback': {
    tags,
    summary: 'Where ORCID returns: signs in (or up, or links the iD), then a redirect to `next`',
    query: Type.Object({
      code: Type.Optional(Type.String({ maxLength: 4000 })),
      state: Type.Optional(Type.String({ maxLength: 1000 })),
      error: Type.Optional(Type.String({ maxLength: 1000 })),
      error_description: Type.Optional(Type.String({ maxLength: 4000 })),
      iss: Type.Optional(Type.String({ maxLength: 1000 })),
    }),
    status: 302,
    answer: { redirect: 'To the `next` path given at the start, signed in (session cookies set)' },
    errors: [400, 404, 409, 429, 503],
  },
  'DELETE /auth/me/orcid': {
    tags,
    summary: 'Unlink your ORCID iD (refused while it is your only way to sign in)',
    answer: MessageResponse,
    errors: [401, 404, 409],
  },
} as const satisfies Record<string, Endpoint>
