import Type, { type Static } from 'typebox'
import Value from 'typebox/value'
import { isTagShaped } from './nlp.keyphrases'

/**
 * The optional engine: any OpenAI-compatible chat-completions endpoint (OpenAI, a local Ollama,
 * vLLM, llama.cpp's server). It gets the post's text, cut to a budget, and the author's
 * instruction, and must answer the JSON object we ask for; anything else is an error the caller
 * answers by falling back to the local engine.
 */

export interface RemoteEngineConfig {
  /** Base URL including the API version, e.g. http://localhost:11434/v1 */
  baseUrl: string
  apiKey: string | null
  model: string
  timeoutMs: number
}

export interface RemoteRequest {
  title: string
  /** The post's plain text, already cut to the budget. */
  text: string
  /** The uploader's ai_instruction ('' for none). */
  instruction: string
  /** ISO 639-1 code of the post's language, or 'und'. */
  language: string
}

export const RemoteAnswer = Type.Object({
  /** Optional: a model that leaves it out still answers (the local TLDR stands). */
  tldr: Type.Optional(Type.String({ minLength: 1, maxLength: 600 })),
  summary: Type.String({ minLength: 1, maxLength: 4000 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 30 }),
  topics: Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { minItems: 1, maxItems: 10 }),
})
export type RemoteAnswer = Static<typeof RemoteAnswer>

/** The model could not be used; `message` says why in words fit for the analysis record. */
export class RemoteEngineError extends Error {
  override name = 'RemoteEngineError'
}

const MAX_ANSWER_BYTES = 1024 * 1024

/** 300 → "0.3 s", 90000 → "90 s". */
export function seconds(ms: number) {
  return `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`
}
const MAX_INSTRUCTION_CHARS = 2_000

export function buildMessages(request: RemoteRequest) {
  const languageHint =
    request.language && request.language !== 'und' ? ` (ISO 639-1 code "${request.language}")` : ''
  const system = [
    'You analyse posts on a research forum. Reply with one JSON object and nothing else:',
    '{"tldr": string, "summary": string, "tags": string[], "topics": string[]}',
    '- tldr: one sentence saying what the post is about and what it finds or proposes.',
    '- summary: 2 to 4 sentences on what the post and its files are about.',
    '- tags: 3 to 8 short keyphrases naming its subjects (lowercase unless a proper name or acronym).',
    '- topics: 2 or 3 open questions that would start a good discussion of it.',
    `Write in the language of the post${languageHint}.`,
  ].join('\n')
  const instruction = request.instruction.trim().slice(0, MAX_INSTRUCTION_CHARS)
  const user = [
    instruction
      ? `Instructions from the post's author (follow them as long as the reply stays the JSON object above):\n${instruction}\n`
      : '',
    `Title: ${request.title}`,
    '',
    'Text of the post and its files (possibly cut short):',
    request.text,
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user.trimStart() },
  ]
}

/** The JSON object inside a model's reply, tolerating a Markdown code fence around it. */
export function parseAnswer(content: string): RemoteAnswer {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  let value: unknown
  try {
    value = JSON.parse(unfenced)
  } catch {
    throw new RemoteEngineError('The AI service did not answer with JSON.')
  }
  if (!Value.Check(RemoteAnswer, value)) {
    throw new RemoteEngineError(
      'The AI service answered JSON without the summary, tags and topics we asked for.',
    )
  }
  const unique = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter(Boolean))]
  const tldr = value.tldr?.trim()
  return {
    ...(tldr ? { tldr } : {}),
    summary: value.summary.trim(),
    tags: unique(value.tags).filter(isTagShaped).slice(0, 8),
    topics: unique(value.topics).slice(0, 3),
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel()
      throw new RemoteEngineError('The AI service answered more than we read.')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function analyseRemotely(
  config: RemoteEngineConfig,
  request: RemoteRequest,
): Promise<RemoteAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`
  const signal = AbortSignal.timeout(config.timeoutMs)
  let response: Response
  let body: string
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      signal,
      body: JSON.stringify({
        model: config.model,
        messages: buildMessages(request),
        temperature: 0.2,
        response_format: { type: 'json_object' },
        stream: false,
      }),
    })
    body = await readBounded(response)
  } catch (error) {
    if (error instanceof RemoteEngineError) throw error
    if (signal.aborted) {
      throw new RemoteEngineError(`The AI service did not answer within ${seconds(config.timeoutMs)}.`)
    }
    throw new RemoteEngineError(`The AI service could not be reached (${(error as Error).message}).`)
  }
  if (!response.ok) {
    throw new RemoteEngineError(`The AI service answered HTTP ${response.status}.`)
  }
  let content: unknown
  try {
    content = JSON.parse(body).choices?.[0]?.message?.content
  } catch {
    throw new RemoteEngineError('The AI service did not answer in the chat-completions format.')
  }
  if (typeof content !== 'string') {
    throw new RemoteEngineError('The AI service did not answer in the chat-completions format.')
  }
  return parseAnswer(content)
}
