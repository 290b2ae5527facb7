import { ERRORS } from '@agora/contract/errors'
import SwaggerParser from '@apidevtools/swagger-parser'
import type { OpenAPIV3 } from 'openapi-types'
import { expect, it } from 'vitest'
import { TEST_DB, useTestApp } from '../../test/harness'

const t = useTestApp()

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

async function openApiDocument(): Promise<OpenAPIV3.Document> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })
  expect(answer.statusCode).toBe(200)
  return answer.json()
}

const operationsOf = (doc: OpenAPIV3.Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ path, method, operation: item[method]! }] : [])),
  )

it(`gives every operation a unique operationId (${TEST_DB})`, async () => {
  const operations = operationsOf(await openApiDocument())
  expect(operations.length).toBeGreaterThan(50)
  const missing = operations.filter((entry) => !entry.operation.operationId)
  expect(missing.map((entry) => `${entry.method} ${entry.path}`)).toEqual([])
  const ids = operations.map((entry) => entry.operation.operationId)
  expect(new Set(ids).size).toBe(ids.length)
  const cite = operations.find((entry) => entry.path === '/api/v1/media/{id}/cite')!
  expect(cite.operation.operationId).toBe('getMediaByIdCite')
})

it('documents the 200 answers of citations, files and CARs with their content types', async () => {
  const doc = await openApiDocument()
  const okTypes = (path: string) =>
    Object.keys((doc.paths[path]?.get?.responses['200'] as OpenAPIV3.ResponseObject)?.content ?? {})
  expect(okTypes('/api/v1/media/{id}/cite')).toEqual([
    'application/x-bibtex',
    'application/x-research-info-systems',
    'application/vnd.citationstyles.csl+json',
    'text/plain',
  ])
  expect(okTypes('/api/v1/files/{cid}')).toEqual(['application/octet-stream'])
  expect(okTypes('/api/v1/media/{id}/car')).toEqual(['application/vnd.ipld.car'])
  const format = doc.paths['/api/v1/media/{id}/cite']!.get!.parameters!.find(
    (parameter) => (parameter as OpenAPIV3.ParameterObject).name === 'format',
  ) as OpenAPIV3.ParameterObject
  expect(JSON.stringify(format.schema)).toContain('csl-json')
})

it('serves a document an independent OpenAPI validator accepts', async () => {
  const doc = await openApiDocument()
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
})

it('lists every refusal code with its status and sentence', async () => {
  const doc = await openApiDocument()
  const codes = doc.components?.schemas?.ErrorCode as OpenAPIV3.SchemaObject & {
    'x-enum-descriptions': string[]
  }
  expect(codes.enum).toEqual(Object.keys(ERRORS))
  expect(codes['x-enum-descriptions'][codes.enum!.indexOf('invalid_credentials')]).toBe(
    '401: Invalid username or password',
  )
})
