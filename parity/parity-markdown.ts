import type { ParityResult, ParityRow, ParitySide } from './parity-result.js';
import { cut, differingRows, keyVariablesLine, parityHeadline, rowsByArea, rowState, specVerdictText } from './parity-text.js';

const cell = (text: string, max?: number): string => cut(text, max).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The parity report as Markdown: sides, score, differences with reproductions, then every behaviour by area. */
export function parityMarkdown(result: ParityResult): string {
  const sideLine = (label: string, side: ParitySide): string =>
    `| ${label} | \`${cell(side.spec)}\` | ${side.name} | ${side.profile} | ${side.verdict}${side.setupError ? ` (${cell(side.setupError)})` : ''} | ${side.statuses.passed}/${side.statuses.failed}/${side.statuses.errored}/${side.statuses.blocked ?? 0}/${side.statuses.skipped} |`;
  const out = [
    `# ${parityHeadline(result)}`,
    '',
    `Seed ${result.seed} · ${result.runs} runs/property · started ${result.startedAt} · ${(result.durationMs / 1000).toFixed(1)} s`,
    '',
    '| side | target | name | profile | verdict | passed/failed/errored/blocked/skipped |',
    '|---|---|---|---|---|---|',
    sideLine('A', result.a),
    sideLine('B', result.b),
    '',
  ];
  const keys = keyVariablesLine(result);
  if (keys) out.push(keys, '');
  if (result.folded.operations > 0) {
    out.push(
      `An operation that works on one side only is one row: the ${result.folded.rows} rows of the checks it blocked or failed are folded into its row.`,
      '',
    );
  }
  const differing = differingRows(result);
  out.push(`## Differences (${differing.length})`, '');
  if (differing.length === 0) out.push('None: every compared behaviour matches.', '');
  for (const row of differing) out.push(...difference(row));
  out.push(...acceptedSection(result));
  out.push('## Behaviours by area', '');
  for (const [area, rows] of rowsByArea(result.rows)) {
    const same = rows.filter((r) => r.compared && r.same).length;
    const compared = rows.filter((r) => r.compared).length;
    out.push(`### ${area} (${same}/${compared} match)`, '', '| check | behaviour | A | B | state |', '|---|---|---|---|---|');
    for (const row of rows)
      out.push(`| ${row.check ? `\`${row.check.id}\`` : '-'} | ${cell(row.behaviour, 160)} | ${cell(row.a)} | ${cell(row.b)} | ${rowState(row)} |`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

/** Each operation's first accepted request and answer on A and B, side by side, with the names they differ in. */
function acceptedSection(result: ParityResult): string[] {
  const rows = result.accepted.filter((pair) => pair.a !== undefined || pair.b !== undefined);
  if (rows.length === 0) return [];
  const out = ['## Accepted requests and answers, per operation', '', '| operation | A request → answer | B request → answer | names |', '|---|---|---|---|'];
  const side = (s: (typeof rows)[number]['a']): string => (s === undefined ? 'none accepted' : `\`${cell(s.request, 200)}\` → \`${cell(s.answer, 240)}\``);
  for (const pair of rows) out.push(`| \`${pair.operationId}\` | ${side(pair.a)} | ${side(pair.b)} | ${cell(pair.names.join('; ') || 'same', 300)} |`);
  return [...out, ''];
}

function difference(row: ParityRow): string[] {
  const where = row.kind === 'operation' ? 'operation' : row.check ? `${row.check.id} [${row.check.level}]` : 'run';
  const title = `### ${row.area} · ${where} · ${row.behaviour}`;
  const out = [cut(title, 300), ''];
  if (row.expectedOfSimulator) out.push(`**${row.expectedOfSimulator.label}**`, '');
  if (row.spec) {
    const requirements = row.spec.breaks?.length ? '' : row.check ? ` Requirements: ${row.check.requirements.join(', ')}.` : '';
    out.push(`**Spec: ${specVerdictText[row.spec.verdict]}.** ${row.spec.why}.${requirements}`, '');
  }
  out.push(`- A: ${cut(row.a, 600)}`, `- B: ${cut(row.b, 600)}`);
  for (const line of row.details ?? []) out.push(`- ${cut(line, 600)}`);
  out.push('');
  for (const [label, text] of [
    ['A', row.reproduction?.a],
    ['B', row.reproduction?.b],
  ] as const) {
    if (text) out.push(`Reproduce on ${label}:`, '', '```sh', text, '```', '');
  }
  return out;
}
