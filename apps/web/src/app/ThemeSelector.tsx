import { useTranslation } from 'react-i18next'
import { AutoThemeIcon, MoonIcon, SunIcon } from '../ui/icons'
import { Menu, MenuItem } from '../ui/Menu'
import { SegmentedControl } from '../ui/SegmentedControl'
import { useTheme } from './ThemeProvider'
import { THEME_OPTIONS, type ThemePreference } from './theme'

const ICONS: Record<ThemePreference, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, auto: AutoThemeIcon }

/** Header dropdown 'Theme Settings' (closes on outside click and Escape). */
export function ThemeSelector() {
  const { t } = useTranslation()
  const { preference, setPreference } = useTheme()
  const Current = ICONS[preference]
  return (
    <Menu
      label={`${t('theme.settings')} (${t(`theme.${preference}`)})`}
      title={t('theme.settings')}
      button={<Current />}
    >
      {THEME_OPTIONS.map((option) => {
        const Icon = ICONS[option]
        return (
          <MenuItem
            key={option}
            checked={option === preference}
            icon={<Icon size={18} />}
            description={option === 'auto' ? t('theme.autoHint') : undefined}
            onSelect={() => setPreference(option)}
          >
            {t(`theme.${option}`)}
          </MenuItem>
        )
      })}
    </Menu>
  )
}

/** The same choice inside the mobile menu, as a segmented radio group. */
export function ThemeSwitch() {
  const { t } = useTranslation()
  const { preference, setPreference } = useTheme()
  return (
    <SegmentedControl
      legend={t('theme.settings')}
      value={preference}
      onChange={setPreference}
      options={THEME_OPTIONS.map((option) => {
        const Icon = ICONS[option]
        return { value: option, label: t(`theme.${option}`), icon: <Icon size={16} /> }
      })}
    />
  )
}
