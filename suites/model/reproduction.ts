import type { ModelStep } from './model-real.js';

/** The steps of a failing run, numbered, each with the statuses it got (✗ marks the failing one). */
export function reproductionLines(steps: readonly ModelStep[]): string[] {
  return steps.map((step, i) => `${i + 1}. ${step.text}${step.outcome ? ` → ${step.outcome}` : ''}`);
}

/** The reproduction block appended to a model failure: the shrunk steps and how to replay them. */
export function formatReproduction(steps: readonly ModelStep[], replay: { seed?: number; path?: string }): string {
  const how = replay.seed === undefined ? '' : ` (replay: --seed ${replay.seed}${replay.path ? `, fast-check path ${replay.path}` : ''})`;
  return [`shortest failing sequence, ${steps.length} step(s)${how}:`, ...reproductionLines(steps).map((line) => `  ${line}`)].join('\n');
}
