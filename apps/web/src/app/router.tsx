import { createBrowserRouter, type RouteObject } from 'react-router'
// The screens the server may draw: the build names their code and texts for route-prefetch.js (vite.config.ts).
import DRAWN_SCREENS from './drawn-screens.json'
import { lazyScreen } from './lazyScreen'
import { NotFoundPage } from './NotFoundPage'
import { RootLayout } from './RootLayout'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import { ShellFallback } from './ShellFallback'

/**
 * Every route of product-spec §2. Each screen is its own chunk, loaded on first visit, so the first
 * load of any page carries only the shell plus that screen. A feature replaces its module's body;
 * the path and export name stay.
 */
export const screenRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(() => import('../features/home/HomePage'), 'HomePage') },
  {
    path: 'upload',
    lazy: lazyScreen(() => import('../features/upload/UploadPage'), 'UploadPage', [
      'post',
      'rewards',
      'upload',
    ]),
  },
  {
    path: 'token',
    lazy: lazyScreen(() => import('../features/token/TokenPage'), 'TokenPage', ['rewards', 'token']),
  },
  { path: 'forum', lazy: lazyScreen(() => import('../features/forum/ForumListPage'), 'ForumListPage') },
  {
    path: 'forum/detail/:id',
    lazy: lazyScreen(
      () => import('../features/post/PostDetailPage'),
      'PostDetailPage',
      DRAWN_SCREENS.post.texts,
    ),
  },
  { path: 'tag/:name', lazy: lazyScreen(() => import('../features/forum/TagPage'), 'TagPage') },
  {
    path: 'author/:id',
    lazy: lazyScreen(() => import('../features/author/AuthorPage'), 'AuthorPage', [
      'author',
      'moderation',
      'rewards',
    ]),
  },
  {
    path: 'u/:name',
    lazy: lazyScreen(() => import('../features/people/UserByNamePage'), 'UserByNamePage', ['people']),
  },
  {
    path: 'notifications',
    lazy: lazyScreen(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
  },
  { path: 'mod', lazy: lazyScreen(() => import('../features/mod/ModPage'), 'ModPage', ['moderation']) },
  {
    path: 'mod/log',
    lazy: lazyScreen(() => import('../features/mod/ModLogPage'), 'ModLogPage', ['moderation']),
  },
  {
    path: 'mypage',
    lazy: lazyScreen(() => import('../features/mypage/MyPage'), 'MyPage', ['account', 'mypage', 'rewards']),
  },
  {
    path: 'test-liked',
    lazy: lazyScreen(() => import('../features/test-liked/TestLikedPage'), 'TestLikedPage', ['author']),
  },
  { path: 'login', lazy: lazyScreen(() => import('../features/auth/AuthPage'), 'LoginPage') },
  { path: 'register', lazy: lazyScreen(() => import('../features/auth/AuthPage'), 'RegisterPage') },
  {
    path: 'forgot-password',
    lazy: lazyScreen(() => import('../features/account/ForgotPasswordPage'), 'ForgotPasswordPage', [
      'account',
    ]),
  },
  {
    path: 'reset-password',
    lazy: lazyScreen(() => import('../features/account/ResetPasswordPage'), 'ResetPasswordPage', ['account']),
  },
  {
    path: 'verify-email',
    lazy: lazyScreen(() => import('../features/account/VerifyEmailPage'), 'VerifyEmailPage', ['account']),
  },
  {
    path: 'unsubscribe',
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
