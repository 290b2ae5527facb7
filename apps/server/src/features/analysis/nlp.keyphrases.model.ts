import type { KeyphraseModel } from './nlp.keyphrases'

/**
 * The keyphrase model, written by `npm run train:keyphrases` (bench/src/train-keyphrases.ts):
 * logistic regression fitted on the tuning half of SemEval-2017, Inspec and SemEval-2010 (odd file
 * positions; 1367 documents), lambda 1, weighting datasets.
 * Do not edit by hand.
 */
export const KEYPHRASE_MODEL: KeyphraseModel | null = {
  features: [
    'logHandScore',
    'logHandRank',
    'handShare',
    'logGraphScore',
    'logGraphPerWord',
    'idf',
    'wordIdf',
    'minWordIdf',
    'logCount',
    'logFirst',
    'firstShare',
    'spread',
    'oneWord',
    'threeWords',
    'fourWordsOrMore',
    'lowerOneWord',
    'capitals',
    'acronym',
    'digit',
    'hyphen',
    'genericHead',
    'title',
    'heading',
    'abstract',
    'insideOthers',
    'holdsOthers',
    'adjective',
    'name',
    'verb',
    'logCountByLength',
    'logFirstByLength',
  ],
  mean: [
    -1.83803, 3.23582, 0.10397, -3.57407, -4.16052, 4.74776, 4.11322, 3.67704, 0.295876, 4.47363, 0.447354,
    0.090607, 0.310702, 0.181587, 0.0476334, 0.286743, 0.0785294, 0.0537522, 0.0126821, 0.0750076, 0.0505327,
    0.0495367, 0.0395048, 0.0377083, 0.199974, 0.339473, 0.275235, 0.195514, 0.0595507, 0.0231814, 0.0433144,
  ],
  scale: [
    1.61396, 1.30085, 0.20055, 1.07991, 0.99069, 0.820416, 0.954208, 1.19669, 0.683669, 1.93148, 0.299151,
    0.225025, 0.462781, 0.385504, 0.212989, 0.452241, 0.269003, 0.225528, 0.111898, 0.263404, 0.219041,
    0.216986, 0.194793, 0.19049, 0.514604, 0.451945, 0.446633, 0.396596, 0.236653, 0.120947, 0.845453,
  ],
  weights: [
    1.46341, -0.00304697, 0.0660599, -2.17143, 1.08077, 0.27235, 0.1053, -0.127914, -0.378907, -0.0431821,
    -0.179761, 0.0850872, -0.24208, 0.292168, 0.163014, -0.222683, -0.0804414, 0.0243375, 0.00659671,
    0.116249, -0.0000190955, 0.071064, -0.0130587, 0.102657, 0.234838, 0.0247685, -0.171891, 0.0264322,
    -0.0668817, 0.0949605, -1.26011,
  ],
  bias: -2.25551,
}
