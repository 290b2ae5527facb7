import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const src = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

// The contract's schemas are TypeBox objects: a value import would pull the schema library into the
// browser bundle. The web app takes types only, plain constants from '@agora/contract/limits' and
// plain functions from '@agora/contract/text'.
it("app code imports only types from '@agora/contract'", () => {
  const offenders = sourceFiles(src).filter((file) =>
    /import\s+(?!type\b)[^'"]*?\sfrom\s+['"]@agora\/contract['"]/.test(readFileSync(file, 'utf8')),
  )
  expect(offenders.map((file) => relative(src, file))).toEqual([])
})

// Every call names its endpoint in the contract (call, callPath): a path typed by hand could drift
// from what the server serves, and its answer type would be a guess.
it('app code names API paths only through the contract', () => {
  const handTyped = /API_BASE\}\/|\bapiRequest\(|['"`]\/api\/v1\//
  const offenders = sourceFiles(src).filter(
    (file) => !file.endsWith(join('api', 'client.ts')) && handTyped.test(readFileSync(file, 'utf8')),
  )
  expect(offenders.map((file) => relative(src, file))).toEqual([])
})
