/**
 * Polls `check` until it returns a truthy value, and returns that value. Fails naming `what` once
 * `deadlineMs` has passed: a test waits for a positive signal, never for a fixed time, and never
 * without end. A check that throws fails the wait at once (catch inside it what may be retried).
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  deadlineMs = 10_000,
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() >= deadline) throw new Error(`timed out after ${deadlineMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
