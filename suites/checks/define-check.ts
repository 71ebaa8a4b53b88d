import { historyRules } from '../../rules/index.js';
import { HarnessError } from '../../targets/index.js';
import { LEVELS } from '../../spec/level.js';
import { needs } from './check-definition.js';
import type { Check, CheckDefinition } from './check-definition.js';

const idPattern = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$/;
const suitePattern = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** Validates a check's shape and freezes it; requirement ids are validated when it is registered. */
export function defineCheck(definition: CheckDefinition): Check {
  const problem = shapeProblem(definition);
  if (problem) {
    throw new HarnessError('INVALID_CHECK', `Check "${String(definition.id)}" is invalid: ${problem}.`);
  }
  return Object.freeze({
    ...definition,
    requirements: Object.freeze([...definition.requirements]),
    ...(definition.needs ? { needs: Object.freeze([...definition.needs]) } : {}),
    ...(definition.uses ? { uses: Object.freeze([...definition.uses]) } : {}),
    ...(definition.history ? { history: Object.freeze({ ...definition.history }) } : {}),
    ...(definition.observes ? { observes: Object.freeze([...definition.observes]) } : {}),
  });
}

function shapeProblem(d: CheckDefinition): string | undefined {
  if (typeof d.id !== 'string' || !idPattern.test(d.id)) return 'id must be upper-case words joined by hyphens, e.g. MSG-SEND-SHAPE';
  if (!d.title) return 'give it a title';
  if (typeof d.suite !== 'string' || !suitePattern.test(d.suite)) return 'suite must be lower-case path segments, e.g. contract/messages';
  if (!Array.isArray(d.requirements) || d.requirements.length === 0) return 'cite at least one requirement id';
  if (!LEVELS.includes(d.level)) return `level must be one of ${LEVELS.join(', ')}`;
  const unknownNeed = (d.needs ?? []).find((need) => !needs.includes(need));
  if (unknownNeed) return `unknown need "${unknownNeed}": use ${needs.join(', ')}`;
  if (d.baseline !== undefined && d.baseline === d.baselineFor) return 'a check cannot be the baseline it depends on';
  if (d.uses !== undefined && d.baselineFor !== undefined && d.uses.includes(d.baselineFor)) return 'a baseline cannot use its own operation as a fixture';
  if (d.observes !== undefined && d.observes.length === 0) return 'observes needs at least one operation id';
  if (d.timeoutMs !== undefined && !(d.timeoutMs > 0)) return 'timeoutMs must be > 0';
  if (d.estimate !== undefined && typeof d.estimate !== 'function' && !(d.estimate.requests >= 0 && d.estimate.sends >= 0))
    return 'estimate needs requests >= 0 and sends >= 0';
  if (typeof d.run !== 'function') return 'run must be an async function';
  if (d.history !== undefined) {
    const rule = historyRules.find((candidate) => candidate.name === d.history?.rule);
    if (rule === undefined) return `history.rule "${d.history.rule}" is not a rule of rules/history-rules: use ${historyRules.map((r) => r.name).join(', ')}`;
    const unjudged = d.requirements.filter((id) => !rule.requirements.includes(id));
    if (unjudged.length > 0) return `rule ${rule.name} does not judge ${unjudged.join(', ')}: cite only ${rule.requirements.join(', ')}`;
  }
  return undefined;
}
