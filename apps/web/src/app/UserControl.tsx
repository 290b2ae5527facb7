import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Avatar } from '../ui/Avatar'
import { Button } from '../ui/Button'
import { icon, LogoutIcon, UserIcon } from '../ui/icons'
import { Menu, MenuItem } from '../ui/Menu'
import { useLoginModal } from './LoginModalProvider'
import { useLogout } from './useLogout'
import { useSession } from './useSession'

const ShieldIcon = icon('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z')

/** Header: a Login button, or the signed-in user's avatar with My Page (Moderation for moderators) and Log out. */
export function UserControl() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { status, basic, user } = useSession()
  const { openLogin } = useLoginModal()
  const logout = useLogout()

  if (status === 'anonymous') {
    return (
      <Button variant="primary" onClick={() => openLogin()}>
        {t('user.login')}
      </Button>
    )
  }
  if (!basic) return <span className="user-control__placeholder" aria-hidden="true" />
  const name = basic.displayName || basic.username
  return (
    <Menu
      label={t('user.accountMenu', { name })}
      buttonClassName="menu__button user-control__button"
      button={
        <>
          <Avatar src={basic.avatar} name={name} size={30} />
          <span className="user-control__name">{name}</span>
        </>
      }
    >
      <MenuItem icon={<UserIcon size={18} />} onSelect={() => navigate('/mypage')}>
        {t('user.myPage')}
      </MenuItem>
      {(user?.role === 'moderator' || user?.role === 'admin') && (
        <MenuItem icon={<ShieldIcon size={18} />} onSelect={() => navigate('/mod')}>
          {t('common:user.moderation')}
        </MenuItem>
      )}
      <MenuItem icon={<LogoutIcon size={18} />} onSelect={() => logout.mutate()}>
        {t('user.logout')}
      </MenuItem>
    </Menu>
  )
}
