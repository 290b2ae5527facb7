/**
 * The web app's screens by address (apps/web/src/app/router.tsx routes them). The server answers any
 * other path outside the API with 404 and the not-found screen.
 */
export const APP_ROUTES = {
  home: '/',
  upload: '/upload',
  token: '/token',
  forum: '/forum',
  post: '/forum/detail/:id',
  review: '/review/:id',
  tag: '/tag/:name',
  author: '/author/:id',
  userByName: '/u/:name',
  notifications: '/notifications',
  mod: '/mod',
  modLog: '/mod/log',
  mypage: '/mypage',
  testLiked: '/test-liked',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
} as const
export type AppRoute = keyof typeof APP_ROUTES
