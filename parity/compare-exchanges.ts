import type { CheckTrace } from '../suites/engine/index.js';
import { toCurl } from '../targets/index.js';
import type { Exchange, Redactor } from '../targets/index.js';
import { answerOf } from './answer.js';
import type { Answer } from './answer.js';
import { exchangeGroups } from './exchange-groups.js';
import type { ExchangeGroup } from './exchange-groups.js';
import type { ParityRules } from './parity-rules.js';
import { compareShapes, describeShape, mergeShapes } from './shape.js';
import type { Shape } from './shape.js';

/** One compared exchange behaviour of a check (before the spec verdict is added). */
export interface ExchangeComparison {
  readonly kind: 'exchange' | 'sequence';
  readonly behaviour: string;
  readonly a: string;
  readonly b: string;
  readonly same: boolean;
  /** False for a request sent to one side only (not counted in the score). */
  readonly compared: boolean;
  readonly details?: readonly string[];
  readonly reproduction?: { readonly a?: string; readonly b?: string };
}

/**
 * Pairs the two traces group by group (aligned on their request keys). Requests sent to one side only are listed but
 * not compared: the check chose them from the target's state or from an earlier answer, which is compared itself.
 */
export function compareExchanges(a: CheckTrace, b: CheckTrace, rules: ParityRules, redactors: { a: Redactor; b: Redactor }): ExchangeComparison[] {
  const ga = exchangeGroups(a.exchanges, a.firstIndex, rules);
  const gb = exchangeGroups(b.exchanges, b.firstIndex, rules);
  const out: ExchangeComparison[] = [];
  const optional = new Set(rules.optionalResponseFields);
  let n = 0;
  for (const step of align(
    ga.map((g) => g.key),
    gb.map((g) => g.key),
  )) {
    n += 1;
    if (step.both) {
      const [x, y] = [ga[step.a] as ExchangeGroup, gb[step.b] as ExchangeGroup];
      const [sa, sb] = [summarize(x, rules), summarize(y, rules)];
      const details = [...kindDifferences(sa, sb), ...shapeDifferences(sa, sb, optional), ...factDifferences(sa, sb)];
      out.push({
        kind: 'exchange',
        behaviour: `#${n} ${x.key}`,
        a: describe(sa, x),
        b: describe(sb, y),
        same: details.length === 0,
        compared: true,
        ...(details.length > 0 ? { details, reproduction: curls(x, y, redactors) } : {}),
      });
      continue;
    }
    const x = step.a === undefined ? undefined : ga[step.a];
    const y = step.b === undefined ? undefined : gb[step.b];
    out.push({
      kind: 'sequence',
      behaviour: `#${n} ${(x ?? y)?.key ?? ''}`,
      a: x ? `sent (×${x.exchanges.length})` : 'not sent',
      b: y ? `sent (×${y.exchanges.length})` : 'not sent',
      same: false,
      compared: false,
      details: ["sent to one side only: the check chose it from the target's state or an earlier answer (compared where it was caused)"],
      reproduction: curls(x, y, redactors),
    });
  }
  return out;
}

type Step = { both: true; a: number; b: number } | { both: false; a?: number; b?: number };

/** A longest-common-subsequence alignment of two key lists. */
function align(a: readonly string[], b: readonly string[]): Step[] {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j] ? (table[(i + 1) * width + j + 1] as number) + 1 : Math.max(table[(i + 1) * width + j] as number, table[i * width + j + 1] as number);
    }
  }
  const steps: Step[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) steps.push({ both: true, a: i++, b: j++ });
    else if (j >= b.length || (i < a.length && (table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number)))
      steps.push({ both: false, a: i++ });
    else steps.push({ both: false, b: j++ });
  }
  return steps;
}

interface GroupSummary {
  /** Kind → merged body shape of the answers of that kind. */
  readonly kinds: Map<string, Shape | undefined>;
  readonly facts: Set<string>;
}

function summarize(group: ExchangeGroup, rules: ParityRules): GroupSummary {
  const kinds = new Map<string, Shape | undefined>();
  const facts = new Set<string>();
  for (const exchange of group.exchanges) {
    const answer: Answer = answerOf(exchange, rules);
    const seen = kinds.get(answer.kind);
    kinds.set(answer.kind, seen && answer.shape ? mergeShapes(seen, answer.shape) : (seen ?? answer.shape));
    for (const fact of answer.facts) facts.add(fact);
  }
  return { kinds, facts };
}

function kindDifferences(a: GroupSummary, b: GroupSummary): string[] {
  const onlyA = [...a.kinds.keys()].filter((k) => !b.kinds.has(k));
  const onlyB = [...b.kinds.keys()].filter((k) => !a.kinds.has(k));
  return onlyA.length + onlyB.length === 0 ? [] : [`answers: A ${[...a.kinds.keys()].join(' | ')}; B ${[...b.kinds.keys()].join(' | ')}`];
}

function shapeDifferences(a: GroupSummary, b: GroupSummary, optional: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [kind, shape] of a.kinds) {
    const other = b.kinds.get(kind);
    if (!b.kinds.has(kind)) continue;
    if (!shape || !other) {
      if (shape !== other) out.push(`body of ${kind}: A ${describeShape(shape)}, B ${describeShape(other)}`);
      continue;
    }
    out.push(...compareShapes(shape, other, optional).map((line) => `body of ${kind}: ${line}`));
  }
  return out;
}

function factDifferences(a: GroupSummary, b: GroupSummary): string[] {
  const onlyA = [...a.facts].filter((f) => !b.facts.has(f));
  const onlyB = [...b.facts].filter((f) => !a.facts.has(f));
  return onlyA.length + onlyB.length === 0 ? [] : [`pagination: A ${onlyA.join(', ') || '-'}; B ${onlyB.join(', ') || '-'}`];
}

function describe(summary: GroupSummary, group: ExchangeGroup): string {
  const answers = [...summary.kinds].map(([kind, shape]) => `${kind}${shape ? ` ${describeShape(shape, 2)}` : ''}`);
  const times = group.exchanges.length > 1 ? ` (×${group.exchanges.length})` : '';
  return `${answers.join(' | ')}${times}`;
}

function curls(x: ExchangeGroup | undefined, y: ExchangeGroup | undefined, redactors: { a: Redactor; b: Redactor }): { a?: string; b?: string } {
  const first = (group: ExchangeGroup | undefined): Exchange | undefined => group?.exchanges[0];
  const [ea, eb] = [first(x), first(y)];
  return { ...(ea ? { a: toCurl(ea, redactors.a) } : {}), ...(eb ? { b: toCurl(eb, redactors.b) } : {}) };
}
