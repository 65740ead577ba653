import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const srcDir = resolve(import.meta.dirname)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The module a specifier names inside src/, or undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('@/')) base = join(srcDir, specifier.slice(2))
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else return undefined
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path))
}

/**
 * The modules a file imports or re-exports from, type-only ones included: a
 * cycle through types still ties the modules' designs together. `import()`
 * is left out, since screens loaded on demand are the way a route table
 * reaches back into features.
 */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  return source.statements.flatMap((statement) => {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined
    const target = specifier === undefined ? undefined : resolveSpecifier(file, specifier)
    return target ? [target] : []
  })
}

/** The cycles a depth-first walk closes, each as its path; none means the graph has none. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = []
  const done = new Set<string>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const visit = (node: string) => {
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!done.has(next)) visit(next)
    }
    stack.pop()
    onStack.delete(node)
    done.add(node)
  }
  for (const node of graph.keys()) if (!done.has(node)) visit(node)
  return cycles
}

describe('the modules of src/', () => {
  it('import one another without a cycle', () => {
    const graph = new Map(sourceFiles(srcDir).map((file) => [file, importsOf(file)]))
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(srcDir, file)).join(' → '))
    expect(cycles).toEqual([])
  })

  it('sees a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']])
  })
})
