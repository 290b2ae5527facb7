import { createBrowserRouter, type RouteObject } from 'react-router'
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
  { path: 'upload', lazy: lazyScreen(() => import('../features/upload/UploadPage'), 'UploadPage') },
  { path: 'token', lazy: lazyScreen(() => import('../features/token/TokenPage'), 'TokenPage') },
  { path: 'forum', lazy: lazyScreen(() => import('../features/forum/ForumListPage'), 'ForumListPage') },
  {
    path: 'forum/detail/:id',
    lazy: lazyScreen(() => import('../features/post/PostDetailPage'), 'PostDetailPage'),
  },
  { path: 'tag/:name', lazy: lazyScreen(() => import('../features/forum/TagPage'), 'TagPage') },
  { path: 'author/:id', lazy: lazyScreen(() => import('../features/author/AuthorPage'), 'AuthorPage') },
  { path: 'u/:name', lazy: lazyScreen(() => import('../features/people/UserByNamePage'), 'UserByNamePage') },
  {
    path: 'notifications',
    lazy: lazyScreen(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
  },
  { path: 'mod', lazy: lazyScreen(() => import('../features/mod/ModPage'), 'ModPage') },
  { path: 'mod/log', lazy: lazyScreen(() => import('../features/mod/ModLogPage'), 'ModLogPage') },
  { path: 'mypage', lazy: lazyScreen(() => import('../features/mypage/MyPage'), 'MyPage') },
  {
    path: 'test-liked',
    lazy: lazyScreen(() => import('../features/test-liked/TestLikedPage'), 'TestLikedPage'),
  },
  { path: 'login', lazy: lazyScreen(() => import('../features/auth/AuthPage'), 'LoginPage') },
  { path: 'register', lazy: lazyScreen(() => import('../features/auth/AuthPage'), 'RegisterPage') },
  {
    path: 'forgot-password',
    lazy: lazyScreen(() => import('../features/account/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: 'reset-password',
    lazy: lazyScreen(() => import('../features/account/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: 'verify-email',
    lazy: lazyScreen(() => import('../features/account/VerifyEmailPage'), 'VerifyEmailPage'),
  },
  {
    path: 'unsubscribe',
    lazy: lazyScreen(() => import('../features/account/UnsubscribePage'), 'UnsubscribePage'),
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
