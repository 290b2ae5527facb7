import { useLocation, useNavigate } from 'react-router'

/**
 * Shows a comment through its deep link: the URL becomes its permalink (replacing the current history
 * entry) and the comments section scrolls to it, unfolding its thread when needed.
 */
export function useShowComment(): (commentId: string) => void {
  const navigate = useNavigate()
  const location = useLocation()
  return (commentId: string) =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: commentId },
      { replace: true, preventScrollReset: true },
    )
}
