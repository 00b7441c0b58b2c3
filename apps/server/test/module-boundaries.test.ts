import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));

/** Every import from one module to another, as `from`, `to` and the file imported. */
function crossModuleImports() {
  const imports: { from: string; to: string; file: string; importer: string }[] = [];
  for (const module of readdirSync(modulesDir)) {
    for (const name of readdirSync(path.join(modulesDir, module))) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(modulesDir, module, name), 'utf8');
      for (const [, target = ''] of text.matchAll(/from '\.\.\/([\w-]+\/[\w.-]+)\.js'/g)) {
        const [to = '', file = ''] = target.split('/');
        imports.push({ from: module, to, file: `${file}.ts`, importer: `${module}/${name}` });
      }
    }
  }
  return imports;
}

describe('the server modules', () => {
  const imports = crossModuleImports();

  it('reach another module through its service, never its repository', () => {
    const intoRepositories = imports
      .filter((i) => i.file.endsWith('.repository.ts'))
      .map((i) => `${i.importer} -> ${i.to}/${i.file}`);
    expect(intoRepositories).toEqual([]);
  });

  it('depend on each other one way only', () => {
    const graph = new Map<string, Set<string>>();
    for (const i of imports) graph.set(i.from, (graph.get(i.from) ?? new Set()).add(i.to));
    expect(cycles(graph)).toEqual([]);
  });
});

/** Each cycle of the graph, as the path that closes it ('a -> b -> a'). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) {
      found.push([...path.slice(path.indexOf(node)), node].join(' -> '));
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}
