import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useStaticShellHandover } from '../../app/staticShell'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { FeatureCards } from './FeatureCards'
import { HomeHero } from './HomeHero'
import { HomeStats } from './HomeStats'
import { ArrowRightIcon } from './homeIcons'
import { revealDelay, useReveal } from './useReveal'
import './HomePage.css'

/** / — Home: hero with search, About, Platform Features, the live figures and the call to register. */
export function HomePage() {
  const { t } = useTranslation('home')
  useDocumentMeta({ title: t('meta.title'), description: t('meta.description') })
  // The server may have drawn this page before the app ran: take over at once (the counts, if still
  // loading, keep their boxes' size), before the scroll reveals start observing (they need the page shown).
  useStaticShellHandover(true)

  // Spec §2: the page opens at its top, wherever the previous screen was scrolled to.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [])

  return (
    <div className="home">
      <HomeHero />
      <AboutSection />
      <FeatureCards />
      <HomeStats />
      <CallToAction />
    </div>
  )
}

function AboutSection() {
  const { t } = useTranslation('home')
  const heading = useReveal<HTMLDivElement>()
  const body = useReveal<HTMLParagraphElement>()
  return (
    <section className="home-section home-about" aria-labelledby="home-about-title">
      <div className="container home-about__inner">
        <div {...heading}>
          <h2 id="home-about-title" className="home-section__title">
            {t('about.title')}
          </h2>
          <p className="home-about__lead">{t('about.lead')}</p>
        </div>
        <p className="home-about__body" style={revealDelay(150)} {...body}>
          {t('about.body')}
        </p>
      </div>
    </section>
  )
}

/** The closing invitation: to register, or for someone signed in already, to share their work. */
function CallToAction() {
  const { t } = useTranslation('home')
  const reveal = useReveal<HTMLDivElement>()
  const { status } = useSession()
  const member = status === 'authenticated'
  return (
    <section className="home-section home-cta-section" aria-labelledby="home-cta-title">
      <div className="container">
        <div className="home-cta" {...reveal}>
          <h2 id="home-cta-title" className="home-cta__title">
            {t(member ? 'cta.memberTitle' : 'cta.title')}
          </h2>
          <p className="home-cta__text">{t(member ? 'cta.memberText' : 'cta.text')}</p>
          <Link to={member ? '/upload' : '/register'} className="home-cta__link">
            {t(member ? 'cta.upload' : 'cta.register')}
            <ArrowRightIcon size={20} />
          </Link>
        </div>
      </div>
    </section>
  )
}
