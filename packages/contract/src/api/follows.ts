import { IdParams } from '../common'
import type { Endpoint } from '../endpoint'
import { BlockResponse, BlocksResponse } from '../moderation'
import {
  BookmarkRequest,
  BookmarkResponse,
  FollowRequest,
  FollowResponse,
  MyFollowsResponse,
} from '../notifications'
import { PostIdParams, PostPageQuery, PostPageResponse } from '../posts'

/** Following authors and tags, blocking users and saving posts: what a reader keeps of their own. */
export const FOLLOWS_API = {
  'POST /follows': {
    tags: ['follows'],
    summary: 'Follow an author (by id) or a tag; following again changes nothing',
    body: FollowRequest,
    answer: FollowResponse,
    errors: [400, 401, 404, 429],
  },
  'DELETE /follows': {
    tags: ['follows'],
    summary: 'Stop following an author or a tag; unfollowing again changes nothing',
    body: FollowRequest,
    answer: FollowResponse,
    errors: [400, 401, 404, 429],
  },
  'GET /auth/me/follows': {
    tags: ['follows'],
    summary: 'The authors and tags you follow, latest first',
    answer: MyFollowsResponse,
    errors: [401],
  },
  'POST /users/:id/block': {
    tags: ['blocks'],
    summary: 'Block a user',
    params: IdParams,
    answer: BlockResponse,
    errors: [400, 401, 404, 429],
  },
  'DELETE /users/:id/block': {
    tags: ['blocks'],
    summary: 'Unblock a user',
    params: IdParams,
    answer: BlockResponse,
    errors: [400, 401, 404, 429],
  },
  'GET /auth/me/blocks': {
    tags: ['blocks'],
    summary: 'The users you blocked, latest first',
    answer: BlocksResponse,
    errors: [401],
  },
  'POST /media/:id/bookmark': {
    tags: ['bookmarks'],
    summary: 'Save or unsave a post for later (toggles; `action` sets)',
    params: PostIdParams,
    body: BookmarkRequest,
    bodyOptional: true,
    answer: BookmarkResponse,
    errors: [401, 404, 429],
  },
  'GET /auth/me/bookmarks': {
    tags: ['bookmarks'],
    summary: 'The posts you saved that you may still see, newest save first (skip/limit paging)',
    query: PostPageQuery,
    answer: PostPageResponse,
    errors: [400, 401],
  },
} as const satisfies Record<string, Endpoint>
