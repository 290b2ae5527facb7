export { seedDemo } from './demo.seed'
