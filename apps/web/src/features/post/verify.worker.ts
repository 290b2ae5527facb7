// Verify: fetches a file's CAR from our gateway and checks it off the page's thread, so a
// 50 MB file hashes without freezing the page. One request per worker; the page ends it after.
import { fetchAndVerify, type VerifyMessage, type VerifyRequest } from './verifyCar'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<VerifyRequest>) => void) | null
  postMessage(message: VerifyMessage): void
}

scope.onmessage = (event) => {
  void fetchAndVerify(event.data, (message) => scope.postMessage(message))
}
