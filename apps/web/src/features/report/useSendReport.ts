import type { ReportRequest } from '@agora/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendReport } from '../../api/moderation'
import { modKeys } from '../../api/queryKeys'

/** Sends a report; a moderator's queue in this tab (a moderator reporting) loads again. */
export function useSendReport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (report: ReportRequest) => sendReport(report),
    onSuccess: () => void client.invalidateQueries({ queryKey: modKeys.all }),
  })
}
