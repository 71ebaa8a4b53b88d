import type { CheckResult, OperationRow, RunResult } from '../suites/engine/index.js';
import type { CheckComparison } from './compare-check.js';
import { causeOperation, describeOperation, operationAnswer, operationFacts, operationStates, operationStateText, rootOf } from './operation-rows.js';
import type { ParityRow, RowSpec } from './parity-result.js';
import { reproductionFor, rerunCommand } from './reproduce-command.js';
import { brokenBy, requirementText } from './spec-verdict.js';

/** One check's rows before folding. */
export interface CheckRows {
  readonly a: CheckResult | undefined;
  readonly b: CheckResult | undefined;
  readonly rows: readonly ParityRow[];
}

/** The rows after folding: operation rows first (most folded first), then the rest in check order. */
export interface FoldedRows {
  readonly rows: ParityRow[];
  readonly operations: number;
  readonly foldedRows: number;
}

interface Side {
  readonly byId: Map<string, CheckResult>;
  readonly states: Map<string, OperationRow>;
}

/**
 * Folds the rows of every check whose outcome on one side an operation that does not work there decided (blocked
 * behind it, its failed baseline, a failure on its missing route) into one row for that operation, when the operation
 * works on the other side. A missing operation is one difference, not one per check it blocks.
 */
export function foldOperations(perCheck: readonly CheckRows[], options: CheckComparison): FoldedRows {
  const sides = { a: sideOf(options.a.result), b: sideOf(options.b.result) };
  const groups = new Map<string, CheckRows[]>();
  const rest: ParityRow[] = [];
  for (const entry of perCheck) {
    const differs = entry.rows.some((row) => row.compared && !row.same);
    const op = differs ? foldInto(entry, sides) : undefined;
    if (op === undefined) rest.push(...entry.rows);
    else groups.set(op, [...(groups.get(op) ?? []), entry]);
  }
  const operationRows = [...groups]
    .map(([op, entries]) => operationRow(op, entries, sides, options))
    .sort((x, y) => (y.operation?.rows ?? 0) - (x.operation?.rows ?? 0));
  const foldedRows = [...groups.values()].flat().reduce((n, entry) => n + entry.rows.length, 0);
  return { rows: [...operationRows, ...rest], operations: operationRows.length, foldedRows };
}

function sideOf(run: RunResult): Side {
  return { byId: new Map(run.checks.map((c) => [c.id, c])), states: operationStates(run) };
}

/** B's cause first, then A's; only an operation whose state differs between the sides (alike, the rows match). */
function foldInto(entry: CheckRows, sides: { a: Side; b: Side }): string | undefined {
  for (const [check, side] of [
    [entry.b, sides.b],
    [entry.a, sides.a],
  ] as const) {
    const op = causeOperation(check, side.byId, side.states);
    if (op !== undefined && sides.a.states.get(op)?.state !== sides.b.states.get(op)?.state) return op;
  }
  return undefined;
}

function operationRow(op: string, entries: readonly CheckRows[], sides: { a: Side; b: Side }, options: CheckComparison): ParityRow {
  const facts = operationFacts(op);
  const [stateA, stateB] = [sides.a.states.get(op), sides.b.states.get(op)];
  const brokenA = stateA !== undefined && stateA.state !== 'works';
  const brokenB = stateB !== undefined && stateB.state !== 'works';
  const brokenOn = brokenA && brokenB ? 'both' : brokenB ? 'b' : 'a';
  const rootId = (brokenOn === 'a' ? stateA : stateB)?.checkId as string;
  const [rootA, rootB] = [sides.a.byId.get(rootId), sides.b.byId.get(rootId)];
  const root = (brokenOn === 'a' ? rootA : rootB) ?? rootA ?? rootB;
  const checks = entries.map((entry) => (entry.a ?? entry.b)?.id as string);
  const blockedOn = (side: Side, label: string): string[] => {
    const blocked = checks.filter((id) => side.byId.get(id)?.status === 'blocked');
    return blocked.length === 0
      ? []
      : [
          `${label}: ${blocked.length} checks blocked behind it: ${blocked.slice(0, 6).join(', ')}${blocked.length > 6 ? ` and ${blocked.length - 6} more (all in parity.json)` : ''}`,
        ];
  };
  const alsoBlocks = [...(brokenOn === 'a' ? sides.a : sides.b).states.values()]
    .filter((row) => row.operationId !== op && row.state === 'blocked' && row.checkId !== undefined)
    .filter((row) => {
      const side = brokenOn === 'a' ? sides.a : sides.b;
      const check = side.byId.get(row.checkId as string);
      return check !== undefined && rootOf(check, side.byId).id === rootId;
    })
    .map((row) => row.operationId);
  const rerun = (side: 'a' | 'b'): string => rerunCommand(options.commands[side], [rootId], options[side].result.seed, options[side].result.runs);
  return {
    area: 'operations',
    kind: 'operation',
    ...(root ? { check: { id: root.id, title: root.title, level: root.level, requirements: root.requirements } } : {}),
    behaviour: `${op}: ${facts.method} ${facts.path} (spec §${facts.section})`,
    a: describeOperation(stateA),
    b: describeOperation(stateB),
    compared: true,
    same: false,
    details: [
      ...(alsoBlocks.length > 0 ? [`${brokenOn === 'a' ? 'A' : 'B'}: not tried because of it (they need what it creates): ${alsoBlocks.join(', ')}`] : []),
      ...blockedOn(sides.a, 'A'),
      ...blockedOn(sides.b, 'B'),
      `${entries.reduce((n, entry) => n + entry.rows.length, 0)} rows of ${checks.length} checks folded into this one`,
    ],
    spec: operationSpec(op, facts.section, brokenOn, { a: brokenA ? rootA : undefined, b: brokenB ? rootB : undefined }, { a: stateA, b: stateB }),
    operation: { id: op, ...facts, brokenOn, alsoBlocks, checks, rows: entries.reduce((n, entry) => n + entry.rows.length, 0) },
    reproduction: {
      a: reproductionFor(options.commands.a, rerun('a'), rootA?.reproduction),
      b: reproductionFor(options.commands.b, rerun('b'), rootB?.reproduction),
    },
  };
}

/** spec §4 lists the operation: a side where it does not work breaks what its baseline proves. */
function operationSpec(
  op: string,
  section: string,
  brokenOn: 'a' | 'b' | 'both',
  roots: { a: CheckResult | undefined; b: CheckResult | undefined },
  states: { a: OperationRow | undefined; b: OperationRow | undefined },
): RowSpec {
  const say = (label: 'A' | 'B', check: CheckResult | undefined, state: OperationRow | undefined): string => {
    const broken = brokenBy(check);
    const answer = operationAnswer(state);
    return `${label}: ${op}, an endpoint of spec §${section}, ${operationStateText(state)}${answer ? ` (${answer})` : ''}${broken.length > 0 ? `; ${label} breaks ${broken.slice(0, 4).map(requirementText).join(', ')}` : ''}`;
  };
  const parts = [brokenOn !== 'b' ? say('A', roots.a, states.a) : '', brokenOn !== 'a' ? say('B', roots.b, states.b) : ''].filter(Boolean);
  const breaks = [...brokenBy(roots.a), ...brokenBy(roots.b)];
  return {
    verdict: brokenOn === 'both' ? 'both-break' : brokenOn === 'a' ? 'a-breaks' : 'b-breaks',
    why: parts.join('; '),
    ...(breaks.length > 0 ? { breaks } : {}),
    decidedBy: 'spec',
  };
}
