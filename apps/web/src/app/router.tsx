import { APP_ROUTES } from '@agora/contract/routes'
import { createBrowserRouter, type RouteObject } from 'react-router'
// The screens the server may draw: the build names their code and texts for route-prefetch.js (vite.config.ts).
import DRAWN_SCREENS from './drawn-screens.json'
import { lazyScreen } from './lazyScreen'
import { NotFoundPage } from './NotFoundPage'
import { RootLayout } from './RootLayout'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import { ShellFallback } from './ShellFallback'

/**
 * Every route of product-spec §2, at its address in APP_ROUTES (the server answers 404 on any other). Each screen is its own chunk, loaded on first visit, so the first
 * load of any page carries only the shell plus that screen. A feature replaces its module's body;
 * the path and export name stay.
 */
export const screenRoutes: RouteObject[] = [
  { path: APP_ROUTES.home, lazy: lazyScreen(() => import('../features/home/HomePage'), 'HomePage') },
  {
    path: APP_ROUTES.upload,
    lazy: lazyScreen(() => import('../features/upload/UploadPage'), 'UploadPage', [
      'post',
      'rewards',
      'upload',
    ]),
  },
  {
    path: APP_ROUTES.token,
    lazy: lazyScreen(() => import('../features/token/TokenPage'), 'TokenPage', ['rewards', 'token']),
  },
  {
    path: APP_ROUTES.forum,
    lazy: lazyScreen(() => import('../features/forum/ForumListPage'), 'ForumListPage'),
  },
  {
    path: APP_ROUTES.post,
    lazy: lazyScreen(
      () => import('../features/post/PostDetailPage'),
      'PostDetailPage',
      DRAWN_SCREENS.post.texts,
    ),
  },
  {
    path: APP_ROUTES.review,
    lazy: lazyScreen(() => import('../features/review-page/ReviewPage'), 'ReviewPage', ['review-page']),
  },
  { path: APP_ROUTES.tag, lazy: lazyScreen(() => import('../features/forum/TagPage'), 'TagPage') },
  {
    path: APP_ROUTES.author,
    lazy: lazyScreen(() => import('../features/author/AuthorPage'), 'AuthorPage', [
      'author',
      'moderation',
      'rewards',
    ]),
  },
  {
    path: APP_ROUTES.userByName,
    lazy: lazyScreen(() => import('../features/people/UserByNamePage'), 'UserByNamePage', ['people']),
  },
  {
    path: APP_ROUTES.notifications,
    lazy: lazyScreen(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
  },
  {
    path: APP_ROUTES.mod,
    lazy: lazyScreen(() => import('../features/mod/ModPage'), 'ModPage', ['moderation']),
  },
  {
    path: APP_ROUTES.modLog,
    lazy: lazyScreen(() => import('../features/mod/ModLogPage'), 'ModLogPage', ['moderation']),
  },
  {
    path: APP_ROUTES.mypage,
    lazy: lazyScreen(() => import('../features/mypage/MyPage'), 'MyPage', ['account', 'mypage', 'rewards']),
  },
  {
    path: APP_ROUTES.testLiked,
    lazy: lazyScreen(() => import('../features/test-liked/TestLikedPage'), 'TestLikedPage', ['author']),
  },
  { path: APP_ROUTES.login, lazy: lazyScreen(() => import('../features/auth/AuthPage'), 'LoginPage') },
  { path: APP_ROUTES.register, lazy: lazyScreen(() => import('../features/auth/AuthPage'), 'RegisterPage') },
  {
    path: APP_ROUTES.forgotPassword,
    lazy: lazyScreen(() => import('../features/account/ForgotPasswordPage'), 'ForgotPasswordPage', [
      'account',
    ]),
  },
  {
    path: APP_ROUTES.resetPassword,
    lazy: lazyScreen(() => import('../features/account/ResetPasswordPage'), 'ResetPasswordPage', ['account']),
  },
  {
    path: APP_ROUTES.verifyEmail,
    lazy: lazyScreen(() => import('../features/account/VerifyEmailPage'), 'VerifyEmailPage', ['account']),
  },
  {
    path: APP_ROUTES.unsubscribe,
    lazy: lazyScreen(() => import('../features/account/UnsubscribePage'), 'UnsubscribePage', ['account']),
  },
  { path: '*', Component: NotFoundPage },
]

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    // The layout itself failed: nothing of the page can be trusted, show the error full-window.
    errorElement: <RouteErrorBoundary fullPage />,
    hydrateFallbackElement: <ShellFallback />,
    children: [
      {
        // A screen failed: header and footer stay, the screen's place shows the error.
        errorElement: <RouteErrorBoundary />,
        children: screenRoutes,
      },
    ],
  },
])
