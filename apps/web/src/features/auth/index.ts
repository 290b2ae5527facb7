/** What other screens may use of the sign-in feature: the login card (the own page shows it inline). */
export { AuthCard } from './AuthCard'
export { SignInScreen } from './SignInScreen'
export type { AuthMode } from './validation'
