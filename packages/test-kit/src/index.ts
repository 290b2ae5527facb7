// What the server's tests and the browser tests share: no dependencies, so both can import it.

export { waitFor } from './wait-for'
