/**
 * The layer check (`npm run check:layers`, run by .ci/run): reads every import of the source tree with the TypeScript
 * parser and fails, one line per violation, when an import crosses a layer the wrong way (the table in
 * scripts/layers.ts, ARCHITECTURE.md "Layers") or closes an import cycle.
 *
 * Cycles count every import: value, type-only (`import type` cycles are still circular layering, and break the day a
 * type import becomes a value import) and `import()` (a lazy import that closes a loop is a loop all the same; loading
 * a lower layer on demand never closes one).
 *
 * Usage: tsx scripts/check-layers.ts [root] (root defaults to the repository); exit 0 clean, 1 with violations.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { layerOf, layers, type Layer } from './layers.js';

/** How an import reaches its module: at load (value), for the compiler only (type), or on demand (dynamic). */
export type ImportKind = 'value' | 'type' | 'dynamic';

/** One import of a file of ours: from and to are paths relative to the root, with forward slashes. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: ImportKind;
  /** The module specifier as written. */
  readonly specifier: string;
}

/** The folders never read: dependencies, build and run output. */
const skipped = new Set(['node_modules', 'dist', 'out', 'conformance-report', '.git', 'generated']);

function sourceFiles(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (skipped.has(name) || name.startsWith('dist.') || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(root, path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or undefined for a package or asset. */
function resolveSpecifier(root: string, fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const hit = candidates.find((path) => path.endsWith('.ts') && existsSync(path) && statSync(path).isFile());
  return hit === undefined ? undefined : relative(root, hit).split(sep).join('/');
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  return node.importClause?.isTypeOnly === true;
}

/** Every import of one file: declarations, re-exports, `import()` calls and `import('x').T` type references. */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const from = relative(root, file).split(sep).join('/');
  const edges: ImportEdge[] = [];
  const add = (specifier: string, kind: ImportKind): void => {
    const to = resolveSpecifier(root, file, specifier);
    if (to !== undefined) edges.push({ from, to, kind, specifier });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node) ? 'type' : 'value');
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'value');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument !== undefined && ts.isStringLiteralLike(argument)) add(argument.text, 'dynamic');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, 'type');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** A broken rule: the file, the import as written, and which rule it breaks. */
export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

function layerViolation(edge: ImportEdge): Violation | undefined {
  const fromLayer = layerOf(edge.from);
  const toLayer = layerOf(edge.to);
  if (fromLayer === undefined || fromLayer === toLayer) return undefined;
  if (toLayer === undefined) {
    const outside = `${edge.to.split('/')[0]}/`;
    return {
      file: edge.from,
      specifier: edge.specifier,
      rule: `layer: ${fromLayer.name} may import ${describeAllowed(fromLayer)}, not ${outside} (outside the layers)`,
    };
  }
  const allowed = fromLayer.mayImport.find((rule) => rule.layer === toLayer.name);
  const what = `${fromLayer.name} may import ${describeAllowed(fromLayer)}`;
  if (allowed?.only === 'doors' && !(allowed.doors ?? []).some((door) => edge.from === door || edge.from.startsWith(`${door}/`))) {
    return { file: edge.from, specifier: edge.specifier, rule: `layer: ${fromLayer.name} may import ${toLayer.name} only from ${allowed.doors?.join(', ')}` };
  }
  if (allowed === undefined) return { file: edge.from, specifier: edge.specifier, rule: `layer: ${what}, not ${toLayer.name}` };
  if (allowed.only === 'types' && edge.kind !== 'type') {
    return { file: edge.from, specifier: edge.specifier, rule: `layer: ${fromLayer.name} may import ${toLayer.name} types only (import type)` };
  }
  return undefined;
}

function describeAllowed(layer: Layer): string {
  if (layer.mayImport.length === 0) return 'nothing of ours';
  return layer.mayImport
    .map((rule) => (rule.only === undefined ? rule.layer : `${rule.layer} (${rule.only === 'types' ? 'types only' : 'from its doors'})`))
    .join(', ');
}

/**
 * The import cycles (Tarjan's strongly connected components): each component of more than one file,
 * or a file importing itself, reported once as one closing edge plus the loop it closes.
 */
export function findCycles(edges: readonly ImportEdge[]): { readonly loop: readonly string[]; readonly closing: ImportEdge; readonly typeOnly: boolean }[] {
  const graph = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const edge of graph.get(node) ?? []) {
      if (!index.has(edge.to)) {
        connect(edge.to);
        low.set(node, Math.min(low.get(node)!, low.get(edge.to)!));
      } else if (onStack.has(edge.to)) low.set(node, Math.min(low.get(node)!, index.get(edge.to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  const cycles = [];
  for (const component of components) {
    const members = new Set(component);
    const inside = (edge: ImportEdge): boolean => members.has(edge.to);
    const selfLoop = component.length === 1 && (graph.get(component[0]!) ?? []).some((edge) => edge.to === component[0]);
    if (component.length === 1 && !selfLoop) continue;
    const loop = shortestLoop(graph, [...members].sort()[0]!, members);
    const closing = (graph.get(loop[loop.length - 1]!) ?? []).find((edge) => edge.to === loop[0])!;
    const loopEdges = loop.map((file, i) => (graph.get(file) ?? []).filter(inside).find((edge) => edge.to === loop[(i + 1) % loop.length])!);
    cycles.push({ loop, closing, typeOnly: loopEdges.some((edge) => edge.kind === 'type') });
  }
  return cycles.sort((a, b) => a.loop[0]!.localeCompare(b.loop[0]!));
}

/** The shortest loop through start within one component (breadth first), as the list of files it passes. */
function shortestLoop(graph: ReadonlyMap<string, readonly ImportEdge[]>, start: string, members: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.to)) continue;
      if (edge.to === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
        return loop;
      }
      if (!previous.has(edge.to)) {
        previous.set(edge.to, node);
        queue.push(edge.to);
      }
    }
  }
  return [start];
}

/** Every violation of the tree under root: layer crossings first, then cycles, each on one line. */
export function checkLayers(root: string): string[] {
  const edges = sourceFiles(root).flatMap((file) => importsOf(root, file));
  const lines = edges
    .flatMap((edge) => {
      const violation = layerViolation(edge);
      return violation === undefined ? [] : [`${violation.file}: import '${violation.specifier}': ${violation.rule}`];
    })
    .sort();
  for (const cycle of findCycles(edges)) {
    const kind = cycle.typeOnly ? 'type-only cycle' : 'cycle';
    lines.push(`${cycle.closing.from}: import '${cycle.closing.specifier}': ${kind}: ${[...cycle.loop, cycle.loop[0]].join(' -> ')}`);
  }
  return lines;
}

/** The layer table, for ARCHITECTURE.md readers who run the script with --rules. */
function printRules(): void {
  for (const layer of layers) console.log(`${layer.name} (${layer.folders.join(', ')}): may import ${describeAllowed(layer)}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--rules')) printRules();
  else {
    const started = performance.now();
    const root = resolve(args[0] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
    const lines = checkLayers(root);
    for (const line of lines) console.log(line);
    const took = Math.round(performance.now() - started);
    console.log(lines.length === 0 ? `layers: no crossing, no cycle (${took} ms)` : `layers: ${lines.length} violation(s) (${took} ms)`);
    process.exitCode = lines.length === 0 ? 0 : 1;
  }
}
