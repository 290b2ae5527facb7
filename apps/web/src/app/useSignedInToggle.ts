import { useLoginModal } from './LoginModalProvider'
import { useSession } from './useSession'

/**
 * What pressing a toggle (like, save) does: nothing while a change is on its way; for a visitor, the
 * login card, then turned on once signed in; else the other state.
 */
export function useSignedInToggle(
  change: { isPending: boolean; mutate: (on: boolean) => void },
  on: boolean,
) {
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  return () => {
    if (change.isPending) return
    if (status === 'anonymous') openLogin({ onSuccess: () => change.mutate(true) })
    else change.mutate(!on)
  }
}
