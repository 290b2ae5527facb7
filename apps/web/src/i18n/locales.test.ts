import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('./locales', import.meta.url))

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
  }
  return [prefix]
}

function load(language: string, file: string) {
  return JSON.parse(readFileSync(join(root, language, file), 'utf8'))
}

const english = readdirSync(join(root, 'en')).filter((file) => file.endsWith('.json'))

// Every screen's namespace must exist in both languages with the same keys and placeholders.
describe.each(english)('locale namespace %s', (file) => {
  it('has a Chinese file with exactly the English keys', () => {
    expect(readdirSync(join(root, 'zh'))).toContain(file)
    expect(keysOf(load('zh', file)).sort()).toEqual(keysOf(load('en', file)).sort())
  })

  it('uses the same {{placeholders}} in both languages, and no empty texts', () => {
    const en = load('en', file)
    const zh = load('zh', file)
    for (const key of keysOf(en)) {
      const pick = (tree: unknown) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree)
      const [enText, zhText] = [pick(en), pick(zh)] as string[]
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
      expect(zhText, `${file}: ${key}`).not.toBe('')
      expect(placeholders(zhText), `${file}: ${key}`).toEqual(placeholders(enText))
    }
  })
})

it('has no Chinese namespace without an English one', () => {
  const chinese = readdirSync(join(root, 'zh')).filter((file) => file.endsWith('.json'))
  expect(chinese.filter((file) => !english.includes(file))).toEqual([])
})
