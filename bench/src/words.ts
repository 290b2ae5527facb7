/**
 * The vocabulary of the generated forum. Real research words come first (they get the highest
 * ranks, so they are the common terms), then made-up words of three syllables fill the long tail.
 * Words are drawn with a Zipf-like law (see generate.ts), so rank 1 is in nearly every post and
 * the last rank in a few hundred of 100,000.
 */
const RESEARCH_WORDS = `model data learning network results method analysis protein experiment signal
  training dataset neural graph cell energy quantum climate genome sensor robot language vision
  sample measurement theory simulation spectrum molecule inference gradient optimisation material
  particle battery catalyst enzyme galaxy telescope ocean sediment vaccine antibody microscope laser
  photon crystal polymer membrane neuron cortex memory attention transformer diffusion benchmark
  baseline ablation regression bayesian entropy manifold tensor kernel cluster variance estimator
  survey interview cohort trial dosage imaging fluorescence sequencing alignment phylogeny species
  habitat drought rainfall glacier aerosol carbon nitrogen soil wheat rice pollinator virus bacteria
  fungus plasma fusion reactor turbine grid solar wind hydrogen lithium silicon graphene semiconductor
  circuit antenna radar acoustic speech audio video dialogue translation reasoning retrieval`
  .split(/\s+/)
  .filter(Boolean)

const ONSETS = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'ch', 'tr']
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai']

/** `count` words: the research words, then deterministic made-up ones (never a real English stem). */
export function vocabulary(count: number): string[] {
  const words = [...RESEARCH_WORDS]
  for (let i = 0; words.length < count; i++) {
    let word = ''
    let n = i
    for (let syllable = 0; syllable < 3; syllable++) {
      word += ONSETS[n % ONSETS.length] + VOWELS[Math.floor(n / ONSETS.length) % VOWELS.length]
      n = Math.floor(n / (ONSETS.length * VOWELS.length)) + syllable * 7 + 3
    }
    if (!words.includes(`${word}x`)) words.push(`${word}x`)
  }
  return words.slice(0, count)
}

export const TAGS = `machine-learning biology physics chemistry climate neuroscience robotics astronomy
  materials genomics ecology medicine energy mathematics linguistics economics psychology geology
  oceanography statistics computer-vision nlp hardware agriculture epidemiology sociology optics
  acoustics archaeology education`
  .split(/\s+/)
  .filter(Boolean)
