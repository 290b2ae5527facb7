import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { meKey } from '../api/queryKeys'
import { toast } from '../ui/toast'
import { startSessionWatch } from './authState'
import { useAppEvent } from './useAppEvent'

/** Keeps the session query in step with session events; mounted once by the layout. */
export function useSessionSync() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()

  useEffect(() => startSessionWatch(), [])

  useAppEvent('need-login', () => {
    queryClient.removeQueries({ queryKey: meKey })
  })
  useAppEvent('token-updated', () => {
    void queryClient.invalidateQueries({ queryKey: meKey })
  })
  useAppEvent('token-expiring', () => {
    toast.warning(t('session.expiring'))
  })
}
