import { useTranslation } from 'react-i18next'
import { LazyParticles } from '../../ui/LazyParticles'
import { HomeSearch } from './HomeSearch'

/** Title, tagline, the two slogans and the search, over drifting particles. */
export function HomeHero() {
  const { t } = useTranslation('home')
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <LazyParticles linkDistance={120} density={0.8} />
      <div className="container home-hero__inner">
        <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="home-title" className="home-hero__title">
          {t('hero.title')}
        </h1>
        <p className="home-hero__tagline">{t('hero.tagline')}</p>
        <ul className="home-hero__slogans" aria-label={t('hero.slogans')}>
          <li className="home-hero__slogan home-hero__slogan--lead">{t('hero.sloganScience')}</li>
          <li className="home-hero__slogan">{t('hero.sloganShare')}</li>
        </ul>
        <HomeSearch />
      </div>
    </section>
  )
}
