import { readFile } from 'node:fs/promises'
import { chirpTrain, tuningComparison } from './demo.audio'
import { paperPdf } from './demo.documents'
import { activationMap, barChart, lorenzAttractor, microscopy, temperatureChart } from './demo.images'

/** The demo accounts. Anyone may log in with them: never turn the demo on for a real deployment. */
export const DEMO_PASSWORD = 'agora-demo-2026'

export const DEMO_USERS = [
  {
    username: 'ada_lab',
    nickname: 'Ada Lindqvist',
    title: 'Computational neuroscientist',
    bio: 'I map how visual cortex encodes motion, and I like my data open.',
    tags: 'neuroscience,fmri,open data',
  },
  {
    username: 'mira_chen',
    nickname: 'Mira Chen',
    title: 'Structural biologist',
    bio: 'Proteins, crystals and the machine-learning models that try to predict them.',
    tags: 'protein,crystallography,ml',
  },
  {
    username: 'tomas_k',
    nickname: 'Tomás Kowalski',
    title: 'Applied mathematician',
    bio: 'Dynamical systems, fractals and the occasional climate model.',
    tags: 'mathematics,chaos,climate',
  },
  {
    username: 'noor_audio',
    nickname: 'Noor Haddad',
    title: 'Psychoacoustics PhD student',
    bio: 'How we hear pitch, and why just intonation sounds "sweeter".',
    tags: 'acoustics,perception',
  },
] as const

/** The demo's moderator: contributes nothing, so it reaches the moderators' screens with a clean forum. */
export const DEMO_MODERATOR = {
  username: 'sam_moderator',
  nickname: 'Sam Okafor',
  title: 'Community moderator',
  bio: 'I keep the discussion on topic and answer reports.',
  tags: 'moderation',
} as const

export type DemoUsername = (typeof DEMO_USERS)[number]['username']

export interface DemoFile {
  name: string
  bytes: () => Promise<Buffer> | Buffer
}

export interface DemoPost {
  author: DemoUsername
  title: string
  summary: string
  content: string
  tags: string
  visibility?: 'public' | 'private'
  /** Hours before the moment of seeding, so the forum looks lived in. */
  hoursAgo: number
  likedBy: DemoUsername[]
  files: DemoFile[]
}

/** The one file we did not make in code: a 6-second H.264 clip rendered once with ffmpeg. */
async function videoAsset(): Promise<Buffer> {
  // Next to this module when run from source; next to the bundle's source tree when bundled.
  const candidates = [
    new URL('./assets/mandelbrot-zoom.mp4', import.meta.url),
    new URL('../src/features/demo/assets/mandelbrot-zoom.mp4', import.meta.url),
  ]
  for (const candidate of candidates) {
    try {
      return await readFile(candidate)
    } catch {
      // try the next place
    }
  }
  throw new Error('Demo video asset mandelbrot-zoom.mp4 not found')
}

const text = (value: string) => () => Buffer.from(value, 'utf8')

export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'ada_lab',
    title: 'Activation map from a visual-cortex fMRI session',
    summary: 'Two bilateral hot spots in V5/MT during coherent-motion blocks, one weaker frontal cluster.',
    content:
      '## Setup\n\n3T scanner, 2 mm isotropic voxels, 24 motion/static blocks.\n\n## Observation\n\nThe **left and right MT** clusters survive FWE correction; the frontal one does not.\n\nQuestions welcome — especially on the *smoothing kernel*.',
    tags: 'fmri, neuroscience, imaging, visual cortex',
    hoursAgo: 5,
    likedBy: ['mira_chen', 'tomas_k', 'noor_audio'],
    files: [{ name: 'activation-map.png', bytes: activationMap }],
  },
  {
    author: 'mira_chen',
    title: 'Preprint: sparse attention for protein contact prediction',
    summary: 'A 40%-cheaper attention pattern that keeps long-range contact precision within 1 point.',
    content:
      'We replace dense row attention with a **block-sparse** pattern chosen from predicted secondary structure.\n\n- Long-range P@L/5: 71.2 → 70.6\n- Memory: −38%\n\nThe PDF has the full tables.',
    tags: 'protein, machine learning, preprint, attention',
    hoursAgo: 20,
    likedBy: ['ada_lab', 'tomas_k'],
    files: [
      {
        name: 'sparse-attention-contacts.pdf',
        bytes: () =>
          paperPdf({
            title: 'Sparse Attention for Protein Contact Prediction',
            authors: 'M. Chen, A. Lindqvist',
            abstract:
              'Contact prediction models spend most of their memory on dense attention over residue pairs. We show that a block-sparse pattern guided by predicted secondary structure keeps long-range precision while cutting memory by more than a third.',
            sections: [
              {
                heading: 'Introduction',
                text: 'Residue-residue contacts constrain protein folds. Transformer models predict them well but scale quadratically with sequence length.',
              },
              {
                heading: 'Method',
                text: 'Blocks of 16 residues attend to their neighbours and to blocks predicted to pair in beta sheets. Everything else is pruned.',
              },
              {
                heading: 'Results',
                text: 'On 500 held-out chains the long-range precision drops by 0.6 points while peak memory falls by 38 percent.',
              },
            ],
            chart: [71.2, 70.9, 70.8, 70.6, 70.1, 69.2, 67.5],
          }),
      },
    ],
  },
  {
    author: 'tomas_k',
    title: 'Zooming into the Mandelbrot set (Seahorse Valley)',
    summary: 'A six-second zoom rendered for my dynamical-systems lecture. Sound: a major triad.',
    content:
      'Rendered with a lavfi `mandelbrot` source, 15 fps, from scale 3 to 0.05 around −0.7436 + 0.1318i.\n\nThe boundary is where the *escape time* diverges.',
    tags: 'mathematics, fractals, visualization, teaching',
    hoursAgo: 30,
    likedBy: ['ada_lab', 'mira_chen', 'noor_audio'],
    files: [{ name: 'mandelbrot-zoom.mp4', bytes: videoAsset }],
  },
  {
    author: 'noor_audio',
    title: 'Equal temperament vs just intonation: can you hear the beating?',
    summary: 'The same A-major triad twice: first equal-tempered, then tuned 4:5:6.',
    content:
      'Listen with headphones. The first chord beats slowly because the equal-tempered third is **14 cents sharp**; the second is pure.\n\nI am collecting ratings for a pilot — reply with which one sounds *smoother* to you.',
    tags: 'acoustics, music cognition, tuning',
    hoursAgo: 44,
    likedBy: ['tomas_k'],
    files: [{ name: 'tuning-comparison.wav', bytes: tuningComparison }],
  },
  {
    author: 'mira_chen',
    title: 'Lysozyme crystals under the microscope, with our protocol',
    summary: 'Hanging-drop crystals after 48 h, and the protocol that finally made them reproducible.',
    content:
      'The picture shows drop B3. The PDF is the exact protocol (buffer, PEG concentration, temperature).\n\n> Tip: equilibrate the plate for 30 minutes before setting the drops.',
    tags: 'crystallography, protocol, microscopy',
    hoursAgo: 70,
    likedBy: ['ada_lab'],
    files: [
      { name: 'drop-b3.png', bytes: microscopy },
      {
        name: 'crystallisation-protocol.pdf',
        bytes: () =>
          paperPdf({
            title: 'Hanging-Drop Crystallisation of Hen Egg-White Lysozyme',
            authors: 'M. Chen',
            abstract: 'A step-by-step protocol that produced diffraction-quality crystals in 9 of 10 drops.',
            sections: [
              {
                heading: 'Materials',
                text: 'Lysozyme 50 mg/mL in 50 mM sodium acetate pH 4.5; reservoir 1.0 M NaCl.',
              },
              {
                heading: 'Procedure',
                text: 'Mix 2 µL protein with 2 µL reservoir on a siliconised cover slip; seal over 500 µL reservoir at 18 °C.',
              },
            ],
          }),
      },
    ],
  },
  {
    author: 'ada_lab',
    title: 'Lab protocol: agarose gel electrophoresis',
    summary: 'The plain-text checklist we tape to the bench.',
    content: 'Attached as a text file so it prints on one page.',
    tags: 'protocol, molecular biology',
    hoursAgo: 95,
    likedBy: ['mira_chen'],
    files: [
      {
        name: 'gel-electrophoresis.txt',
        bytes: text(
          'AGAROSE GEL ELECTROPHORESIS — BENCH CHECKLIST\n\n1. Weigh 1.0 g agarose into 100 mL 1x TAE.\n2. Microwave until clear; swirl every 30 s.\n3. Cool to ~55 °C, add stain, pour, insert comb.\n4. Load 5 µL ladder and samples with loading dye.\n5. Run at 100 V for 40 min.\n6. Image under blue light. Dispose of gel in the marked bin.\n',
        ),
      },
    ],
  },
  {
    author: 'tomas_k',
    title: 'Global temperature anomaly, 1900–2020 (synthetic teaching data)',
    summary: 'Yearly anomaly (grey) and an exponential moving average (red), generated for a class exercise.',
    content:
      'These are **synthetic** numbers that mimic the shape of the real record, for students to practise trend estimation.\n\nExercise: fit a piecewise-linear model and find the breakpoint.',
    tags: 'climate, data visualization, teaching',
    hoursAgo: 120,
    likedBy: ['ada_lab', 'noor_audio'],
    files: [{ name: 'temperature-anomaly.png', bytes: temperatureChart }],
  },
  {
    author: 'ada_lab',
    title: 'Reading notes: "Attention Is All You Need"',
    summary: 'My one-page notes on the transformer paper, for the journal club.',
    content: 'Notes are in the Markdown file. Corrections welcome.',
    tags: 'machine learning, journal club, transformers',
    hoursAgo: 150,
    likedBy: ['mira_chen', 'tomas_k'],
    files: [
      {
        name: 'attention-notes.md',
        bytes: text(
          '# Attention Is All You Need — notes\n\n## Core idea\n\nReplace recurrence with **self-attention**: every token looks at every other token.\n\n## Pieces\n\n- Scaled dot-product attention: softmax(QKᵀ/√d)V\n- Multi-head attention: several subspaces at once\n- Positional encodings: sinusoids of different frequencies\n\n## Why it mattered\n\n1. Parallel training\n2. Short paths between distant tokens\n\n```\nd_model = 512, heads = 8, layers = 6\n```\n',
        ),
      },
    ],
  },
  {
    author: 'mira_chen',
    title: 'Poster: graph neural networks for molecular property prediction',
    summary: 'Our poster from the spring symposium: message passing vs. fingerprints on solubility.',
    content: 'The GNN wins on solubility, loses on toxicity. Why? Ideas below, please.',
    tags: 'machine learning, chemistry, graph neural networks',
    hoursAgo: 190,
    likedBy: ['tomas_k'],
    files: [
      {
        name: 'gnn-poster.pdf',
        bytes: () =>
          paperPdf({
            title: 'Message Passing vs. Fingerprints for Molecular Properties',
            authors: 'M. Chen, T. Kowalski',
            abstract:
              'We compare a four-layer message-passing network with extended-connectivity fingerprints on two benchmarks.',
            sections: [
              {
                heading: 'Solubility',
                text: 'The GNN reaches RMSE 0.58 log units against 0.71 for the fingerprint model.',
              },
              {
                heading: 'Toxicity',
                text: 'On the toxicity panel the fingerprint model is ahead by 2 AUC points.',
              },
            ],
            chart: [0.92, 0.81, 0.72, 0.66, 0.61, 0.59, 0.58],
          }),
      },
    ],
  },
  {
    author: 'tomas_k',
    title: 'The Lorenz attractor, drawn step by step',
    summary: 'σ = 10, ρ = 28, β = 8/3, Euler steps of 0.005, projected on the x–z plane.',
    content:
      'Colour runs from purple (early) to yellow (late). Note how the trajectory never repeats but stays on the *butterfly*.\n\nTry changing ρ below 24.74 and watch the chaos disappear.',
    tags: 'mathematics, chaos, dynamical systems, visualization',
    hoursAgo: 230,
    likedBy: ['ada_lab', 'mira_chen', 'noor_audio'],
    files: [{ name: 'lorenz-attractor.png', bytes: lorenzAttractor }],
  },
  {
    author: 'noor_audio',
    title: 'Chirp train for a hearing-threshold pilot',
    summary: 'Five rising chirps, 500 Hz to 4 kHz, each one quieter than the last.',
    content:
      'Does anyone have a calibrated headphone profile they would share? The levels here are *relative* only.',
    tags: 'acoustics, hearing, psychophysics',
    hoursAgo: 260,
    likedBy: ['ada_lab'],
    files: [{ name: 'chirp-train.wav', bytes: chirpTrain }],
  },
  {
    author: 'ada_lab',
    title: 'Open questions in the reproducibility of ML papers',
    summary: 'A discussion starter: what should a reviewer be able to re-run in an afternoon?',
    content:
      '## Proposal\n\n1. Code and **exact** environment (lock files)\n2. Seeds and the number of runs\n3. The data split, as files\n\n## Disagreements so far\n\n- Is a Docker image enough?\n- Who pays for the GPUs?\n\nSee the notes file for the list we compiled.',
    tags: 'reproducibility, machine learning, open science',
    hoursAgo: 300,
    likedBy: ['mira_chen', 'tomas_k', 'noor_audio'],
    files: [
      {
        name: 'reproducibility-checklist.md',
        bytes: text(
          '# Reproducibility checklist\n\n- [ ] Code released under an open licence\n- [ ] Lock file for the environment\n- [ ] Seeds listed\n- [ ] Mean and spread over at least 3 runs\n- [ ] Data split published\n- [ ] Compute budget stated\n',
        ),
      },
    ],
  },
  {
    author: 'mira_chen',
    title: 'Citations by field in our department (2020–2025)',
    summary: 'A quick bar chart for the faculty meeting. Counts are illustrative.',
    content:
      'Structural biology, neuroscience, mathematics, chemistry, physics, computer science — left to right.',
    tags: 'bibliometrics, data visualization',
    hoursAgo: 340,
    likedBy: [],
    files: [{ name: 'citations-by-field.png', bytes: () => barChart([320, 410, 150, 260, 380, 520]) }],
  },
  {
    author: 'tomas_k',
    title: 'Thesis chapter draft: Bayesian inference for small samples',
    summary: 'Chapter 3 of my thesis, on priors that behave when n < 20.',
    content: 'Feedback on section 2 especially: is the weakly-informative prior argument convincing?',
    tags: 'statistics, bayesian, thesis',
    hoursAgo: 12,
    likedBy: ['noor_audio'],
    files: [
      {
        name: 'chapter-3-small-samples.pdf',
        bytes: () =>
          paperPdf({
            title: 'Bayesian Inference for Small Samples',
            authors: 'T. Kowalski',
            abstract:
              'With fewer than twenty observations the choice of prior dominates. We compare three weakly-informative priors by their frequentist coverage.',
            sections: [
              {
                heading: 'Motivation',
                text: 'Clinical pilot studies rarely exceed twenty participants, yet decisions rest on them.',
              },
              {
                heading: 'Priors',
                text: 'Half-Cauchy, half-normal and exponential priors on the scale parameter are compared.',
              },
              {
                heading: 'Coverage',
                text: 'The half-normal prior keeps 95% intervals at 93–96% coverage for n from 5 to 20.',
              },
            ],
            chart: [0.81, 0.88, 0.91, 0.93, 0.94, 0.95, 0.95],
          }),
      },
    ],
  },
  {
    author: 'noor_audio',
    title: 'Draft: grant proposal outline (private)',
    summary: 'Only visible to me until the co-applicants have read it.',
    content: '## Aims\n\n1. Pitch perception in noise\n2. Just intonation preference across cultures\n',
    tags: 'grant, draft',
    visibility: 'private',
    hoursAgo: 2,
    likedBy: [],
    files: [
      {
        name: 'grant-outline.md',
        bytes: text('# Grant outline\n\n- Aim 1: pitch in noise\n- Aim 2: tuning preferences\n'),
      },
    ],
  },
]
