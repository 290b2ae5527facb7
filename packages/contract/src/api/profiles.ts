import type { Endpoint } from '../endpoint'
import { AVATAR_MAX_BYTES } from '../limits'
import { UserSearchQuery, UserSearchResponse } from '../notifications'
import { PostPageQuery, PostPageResponse } from '../posts'
import {
  ModifyBioRequest,
  ModifyEmailRequest,
  ModifyPhoneRequest,
  ModifyProfileRequest,
  ModifyResponse,
  ModifySettingsRequest,
  ModifyTitleRequest,
  ModifyUrlRequest,
  OwnCommentsResponse,
  OwnUserResponse,
  PersonByNameParams,
  PersonInformationQuery,
  PersonInformationResponse,
} from '../profiles'
import { ReviewListQuery, UserReviewsParams, UserReviewsResponse } from '../reviews'

const tags = ['profiles']
const modifyErrors = [400, 401, 403, 409] as const

/** One edit of the signed-in user's profile, form-encoded as the spec sends it. */
const modify = <Body>(summary: string, body: Body) =>
  ({ tags, summary, body, bodyAs: 'form', answer: ModifyResponse, errors: modifyErrors }) as const

/** Profiles: one's own user and lists, another's public profile, finding users, editing one's own. */
export const PROFILES_API = {
  'GET /auth/me': {
    tags: ['auth'],
    summary: 'The signed-in user, with real counts and the activity of the last 30 days',
    answer: OwnUserResponse,
    errors: [401],
  },
  'GET /users/search': {
    tags,
    summary: 'Users whose name starts with `q` (case-insensitive), at most 8: @mention suggestions',
    query: UserSearchQuery,
    answer: UserSearchResponse,
    errors: [400, 401],
  },
  'GET /auth/person_information': {
    tags,
    summary: "An author's public profile; what their privacy flags hide is withheld from everyone but them",
    query: PersonInformationQuery,
    answer: PersonInformationResponse,
    errors: [400, 404],
  },
  'GET /users/by_name/:name': {
    tags,
    summary: "A user's public profile by name (any letter case), withheld as `/auth/person_information`",
    params: PersonByNameParams,
    answer: PersonInformationResponse,
    errors: [400, 404],
  },
  'GET /users/:username/reviews': {
    tags,
    summary:
      "A person's reviews, newest first (keyset pages), of the posts you may see; withdrawn ones flagged",
    params: UserReviewsParams,
    query: ReviewListQuery,
    answer: UserReviewsResponse,
    errors: [400, 404],
  },
  'GET /auth/me/posts': {
    tags,
    summary: 'Your posts, private ones included (skip/limit paging, 12 by default)',
    query: PostPageQuery,
    answer: PostPageResponse,
    errors: [400, 401],
  },
  'GET /auth/me/liked': {
    tags,
    summary: 'The posts you liked, newest like first by default (skip/limit paging)',
    query: PostPageQuery,
    answer: PostPageResponse,
    errors: [400, 401],
  },
  'GET /auth/me/comments': {
    tags,
    summary: 'Your comments, newest first by default (skip/limit paging)',
    query: PostPageQuery,
    answer: OwnCommentsResponse,
    errors: [400, 401],
  },
  'POST /modify/modify_title': modify('Change your title', ModifyTitleRequest),
  'POST /modify/modify_bio': modify('Change your bio', ModifyBioRequest),
  'POST /modify/modify_url': modify('Change your website (http or https)', ModifyUrlRequest),
  'POST /modify/modify_email': modify('Change your email', ModifyEmailRequest),
  'POST /modify/modify_phone': modify('Change your phone number', ModifyPhoneRequest),
  'POST /modify/modify_settings': modify(
    'Change your privacy flags (any of the five)',
    ModifySettingsRequest,
  ),
  'POST /modify/modify_profile': modify(
    'Change any profile fields; an unknown field answers 400',
    ModifyProfileRequest,
  ),
  'POST /modify/modify_avatar': {
    tags,
    summary: `Change your avatar: an image by content, at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB, stored as a 256 px WebP`,
    bodyAs: 'multipart',
    answer: ModifyResponse,
    errors: [...modifyErrors, 413, 415],
  },
} as const satisfies Record<string, Endpoint>
