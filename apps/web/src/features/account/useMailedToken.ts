import { useSearchParams } from 'react-router'

/** The `?token=…` of a mailed link's screen (reset password, verify the address, unsubscribe); '' without one. */
export function useMailedToken(): string {
  const [params] = useSearchParams()
  return params.get('token') ?? ''
}
