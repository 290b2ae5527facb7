import { useTranslation } from 'react-i18next'
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../i18n'
import { GlobeIcon } from '../ui/icons'
import { Menu, MenuItem } from '../ui/Menu'
import { SegmentedControl } from '../ui/SegmentedControl'

function useLanguage() {
  const { t, i18n } = useTranslation()
  // Read through i18n so a change re-renders (useTranslation subscribes to languageChanged).
  void i18n.language
  const language = currentLanguage()
  const choose = (code: Language) => void setLanguage(code)
  return { t, language, choose }
}

/** Header dropdown: English / 中文, switched without a reload. */
export function LanguageSelector() {
  const { t, language, choose } = useLanguage()
  const current = LANGUAGES.find((entry) => entry.code === language) ?? LANGUAGES[0]
  return (
    <Menu
      label={t('language.current', { language: current.label })}
      title={t('language.label')}
      button={
        <>
          <GlobeIcon />
          <span className="language-selector__code" lang={current.htmlLang}>
            {current.code === 'zh' ? '中' : 'EN'}
          </span>
        </>
      }
    >
      {LANGUAGES.map((entry) => (
        <MenuItem
          key={entry.code}
          checked={entry.code === language}
          lang={entry.htmlLang}
          onSelect={() => choose(entry.code)}
        >
          {entry.label}
        </MenuItem>
      ))}
    </Menu>
  )
}

/** The same choice inside the mobile menu. */
export function LanguageSwitch() {
  const { t, language, choose } = useLanguage()
  return (
    <SegmentedControl
      legend={t('language.label')}
      value={language}
      onChange={choose}
      options={LANGUAGES.map((entry) => ({ value: entry.code, label: entry.label, lang: entry.htmlLang }))}
    />
  )
}
