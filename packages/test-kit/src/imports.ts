import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import ts from 'typescript'

/**
 * What the import-rule tests of the server and the web app share: the imports of a source file as
 * TypeScript's parser reads them, and the tree they judge. (A subpath of its own, so `waitFor`'s
 * users never load the TypeScript compiler.)
 */
export interface ImportSite {
  specifier: string
  /** A dynamic `import()`: loaded on demand, in a chunk of its own. */
  lazy: boolean
}

/** The module specifiers a source file imports, re-exports or loads lazily (type-only imports included). */
export function importsOf(path: string, source: string): ImportSite[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, kind)
  const found: ImportSite[] = []
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, lazy: false })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, lazy: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** The file a relative specifier names among `paths` (extension and index.ts filled in), else its bare path. */
export function resolveImport(from: string, specifier: string, paths: ReadonlySet<string>): string {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier))
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((candidate) => paths.has(candidate)) ?? base
}

/** Every file under `root` by its path from there ('/'-separated): TypeScript sources with their text, others empty. */
export function sourceTree(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else
        files[relative(root, path).split(sep).join('/')] = /\.tsx?$/.test(entry.name)
          ? readFileSync(path, 'utf8')
          : ''
    }
  }
  walk(root)
  return files
}
