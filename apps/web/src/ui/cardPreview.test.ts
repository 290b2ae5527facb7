import { describe, expect, it } from 'vitest'
import { cardPreview } from './cardPreview'

const long =
  'We measured the temperature of forty hives through a summer, at dawn, noon and dusk, and report how workers fan and carry water to cool the brood when it grows too warm.'

describe('cardPreview', () => {
  it('keeps a summary that fits, even with a TLDR', () => {
    expect(
      cardPreview({ preview: 'Bees cool the brood.', summary: 'Bees cool the brood.', tldr: 'Bees fan.' }),
    ).toEqual({
      text: 'Bees cool the brood.',
      fromAnalysis: false,
    })
  })

  it('shows the TLDR where the summary would be cut off', () => {
    expect(cardPreview({ preview: long, summary: long, tldr: 'Workers cool the brood by fanning.' })).toEqual(
      {
        text: 'Workers cool the brood by fanning.',
        fromAnalysis: true,
      },
    )
  })

  it('keeps a long summary when there is no TLDR, or none shorter', () => {
    expect(cardPreview({ preview: long, summary: long })).toEqual({ text: long, fromAnalysis: false })
    expect(cardPreview({ preview: long, summary: long, tldr: `${long} More.` }).fromAnalysis).toBe(false)
  })

  it('counts a Chinese character as two letters wide', () => {
    const chinese =
      '我们在一个夏天里测量了四十个蜂箱的温度，记录工蜂如何扇风和运水来给幼虫降温，以及这些行为在一天之中、在不同的蜂箱之间随时间和气温的变化。'
    expect(
      cardPreview({ preview: chinese, summary: chinese, tldr: '工蜂扇风为幼虫降温。' }).fromAnalysis,
    ).toBe(true)
  })
})
