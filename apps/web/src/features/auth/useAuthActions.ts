/** Sign-in and sign-up as TanStack mutations that keep the session query in step. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { type Credentials, type Registration, signIn, signUp } from '../../api/auth'
import { meKey } from '../../api/queryKeys'

function afterSignIn(queryClient: QueryClient) {
  return (me: Awaited<ReturnType<typeof signIn>>) => {
    queryClient.setQueryData(meKey, me)
    // Everything else may look different signed in (is_liked, private sections).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' })
  }
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: Credentials) => signIn(credentials),
    onSuccess: afterSignIn(queryClient),
  })
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (registration: Registration) => signUp(registration),
    onSuccess: afterSignIn(queryClient),
  })
}
