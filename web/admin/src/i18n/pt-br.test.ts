import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';

import { ptBrMessages } from './pt-br';

type Tree = { [key: string]: Tree | string | undefined };

function leafPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [path];
    if (value === undefined) return [];
    return leafPaths(value, path);
  });
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
}

function valueAt(tree: Tree, path: string): string | undefined {
  let node: Tree | string | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const english = { ra: englishMessages.ra } as Tree;
const portuguese = { ra: ptBrMessages.ra } as Tree;
const englishPaths = leafPaths(english);

describe('pt-BR messages', () => {
  it('has exactly the keys of the english ra namespace', () => {
    expect(englishPaths.length).toBeGreaterThan(150);
    expect(leafPaths(portuguese).sort()).toEqual([...englishPaths].sort());
  });

  it('keeps every placeholder and plural form of the english text', () => {
    for (const path of englishPaths) {
      const en = valueAt(english, path) ?? '';
      const pt = valueAt(portuguese, path) ?? '';
      expect({ path, placeholders: placeholders(pt) }).toEqual({ path, placeholders: placeholders(en) });
      expect({ path, plural: pt.includes('||||') }).toEqual({ path, plural: en.includes('||||') });
    }
  });

  it('translates the texts instead of copying them', () => {
    const copied = englishPaths.filter((path) => {
      const en = valueAt(english, path) ?? '';
      return en.trim().length > 0 && !en.startsWith('%{') && en === valueAt(portuguese, path);
    });
    expect(copied).toEqual([]);
  });

  it('labels the console resources in Portuguese', () => {
    expect(valueAt(ptBrMessages as Tree, 'resources.migrations.name')).toBe('Migração |||| Migrações');
    expect(valueAt(ptBrMessages as Tree, 'resources.plugins.name')).toBe('Plugin |||| Plugins');
  });
});
