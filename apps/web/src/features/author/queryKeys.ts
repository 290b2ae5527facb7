/** TanStack Query keys of the profile screens (author pages, the own page's lists, the test page). */
export const profileKeys = {
  all: ['profiles'] as const,
  author: (id: string) => ['profiles', 'author', id] as const,
  authorPosts: (id: string) => ['profiles', 'author', id, 'posts'] as const,
  authorLiked: (id: string, pageSize: number) => ['profiles', 'author', id, 'liked', pageSize] as const,
  own: () => ['profiles', 'own'] as const,
  ownList: (list: 'posts' | 'comments' | 'liked') => ['profiles', 'own', list] as const,
}
