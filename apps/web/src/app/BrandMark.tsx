import { useTranslation } from 'react-i18next'

/** The brand's mark and name, inside the header's home link (and in index.html's #static-shell). */
export function BrandMark() {
  const { t } = useTranslation()
  return (
    <>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="brand__name">{t('appName')}</span>
    </>
  )
}
