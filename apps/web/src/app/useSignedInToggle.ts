import { useLoginModal } from './LoginModalProvider'
import { useSession } from './useSession'

/**
 * What pressing a toggle (like, save) does: for a visitor, the login card, then turned on once signed
 * in; else the other state (a press while a change is on its way counts too: the last one wins).
 */
export function useSignedInToggle(change: { mutate: (on: boolean) => void }, on: boolean) {
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  return () => {
    if (status === 'anonymous') openLogin({ onSuccess: () => change.mutate(true) })
    else change.mutate(!on)
  }
}
