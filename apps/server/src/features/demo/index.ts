export { DEMO_MODERATOR, DEMO_PASSWORD, DEMO_USERS } from './demo.data'
export { seedDemo } from './demo.seed'
