// Types of build.mjs for the tests that import it (apps/server/test/start-up.test.ts).
export const root: string
export const BUILD_OUTPUTS: string[]
export function hashOf(inputs: string[]): string
export function buildAll(): Promise<void>
