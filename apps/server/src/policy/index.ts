// Who may see or do what: the one place the rules live (policy.restatements.test.ts keeps it so).
export * from './can'
export * from './guard'
export * from './trust'
export * from './visibility'
