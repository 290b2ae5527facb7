import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import type { IconProps } from '../../ui/icons'
import { CommunityIcon, DiscussionIcon, SparklesIcon, TokenIcon } from './homeIcons'
import { revealDelay, useReveal } from './useReveal'

interface Feature {
  key: 'tokens' | 'ai' | 'community' | 'discussion'
  Icon: ComponentType<IconProps>
  /** Spec §9: the cards enter one after another. */
  delayMs: number
}

const FEATURES: Feature[] = [
  { key: 'tokens', Icon: TokenIcon, delayMs: 100 },
  { key: 'ai', Icon: SparklesIcon, delayMs: 200 },
  { key: 'community', Icon: CommunityIcon, delayMs: 300 },
  { key: 'discussion', Icon: DiscussionIcon, delayMs: 400 },
]

/** The four Platform Features cards, entering staggered as they scroll into view. */
export function FeatureCards() {
  const { t } = useTranslation('home')
  const heading = useReveal<HTMLHeadingElement>()
  return (
    <section className="home-section home-features" aria-labelledby="home-features-title">
      <div className="container">
        <h2 id="home-features-title" className="home-section__title" {...heading}>
          {t('features.title')}
        </h2>
        <ul className="home-features__grid">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.key} feature={feature} />
          ))}
        </ul>
      </div>
    </section>
  )
}

function FeatureCard({ feature: { key, Icon, delayMs } }: { feature: Feature }) {
  const { t } = useTranslation('home')
  const reveal = useReveal<HTMLLIElement>()
  return (
    <li className="home-feature" data-feature={key} style={revealDelay(delayMs)} {...reveal}>
      <span className="home-feature__icon">
        <Icon size={28} />
      </span>
      <h3 className="home-feature__title">{t(`features.${key}.title`)}</h3>
      <p className="home-feature__text">{t(`features.${key}.text`)}</p>
    </li>
  )
}
