// What the server's tests and the browser tests share: no dependencies, so both can import it.

export { CHROMIUM_LAUNCH } from './chromium'
export { waitFor } from './wait-for'
export { wavNoise } from './wav'
