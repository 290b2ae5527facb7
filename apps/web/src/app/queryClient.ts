import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api/client'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx gives the same answer; network trouble and 5xx get one more try.
      retry: (failures, error) =>
        failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
  },
})
