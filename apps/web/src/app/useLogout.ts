import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { logout } from '../api/auth'
import { meKey } from '../api/queryKeys'
import { toast } from '../ui/toast'

/** Logs out; local state is cleared even when the server cannot be reached. */
export function useLogout() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: meKey })
      void queryClient.invalidateQueries()
      toast.info(t('user.loggedOut'))
    },
  })
}
