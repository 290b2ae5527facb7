import { KEYPHRASE_FEATURES, type KeyphraseModel } from './nlp.keyphrases.features'
import { KEYPHRASE_LEXICON } from './nlp.keyphrases.lexicon'

/**
 * The keyphrase model, written by `npm run train:keyphrases` (bench/src/train-keyphrases.ts):
 * logistic regression fitted on the tuning half of SemEval-2017, Inspec and SemEval-2010 (odd file
 * positions; 1367 documents), lambda 1, weighting datasets; keyphraseness lexicon: min seen 3, min gold 2.
 * Do not edit by hand.
 */
export const KEYPHRASE_MODEL: KeyphraseModel | null = {
  features: KEYPHRASE_FEATURES,
  mean: [
    -1.83803, 3.23582, 0.10397, -3.57407, -4.16052, 4.74776, 4.11322, 3.67704, 0.295876, 4.47363, 0.447354,
    0.090607, 0.310702, 0.181587, 0.0476334, 0.286743, 0.0785294, 0.0537522, 0.0126821, 0.0750076, 0.0505327,
    0.0495367, 0.0395048, 0.0377083, 0.199974, 0.339473, 0.275235, 0.195514, 0.0595507, 0.0231814, 0.0433144,
    0.0976175, 0.264086,
  ],
  scale: [
    1.61396, 1.30085, 0.20055, 1.07991, 0.99069, 0.820416, 0.954208, 1.19669, 0.683669, 1.93148, 0.299151,
    0.225025, 0.462781, 0.385504, 0.212989, 0.452241, 0.269003, 0.225528, 0.111898, 0.263404, 0.219041,
    0.216986, 0.194793, 0.19049, 0.514604, 0.451945, 0.446633, 0.396596, 0.236653, 0.120947, 0.845453,
    0.0795404, 0.138569,
  ],
  weights: [
    1.17363, -0.0312272, 0.0667154, -2.08743, 1.1323, 0.276066, 0.278526, -0.156185, -0.246198, -0.157235,
    -0.126123, 0.0933065, -0.186352, 0.294349, 0.165729, -0.349944, -0.0444128, 0.0128038, 0.0156298,
    0.0977857, 0.0146903, 0.04822, 0.00651943, 0.103445, 0.155207, 0.0272421, -0.15259, 0.0392201, -0.0646497,
    0.0835107, -1.0727, 0.221362, 0.366654,
  ],
  bias: -2.32905,
  lexicon: KEYPHRASE_LEXICON,
}
