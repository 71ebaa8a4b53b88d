import { requirementById, requirements as specRequirements } from '../../spec/requirements.js';
import { HarnessError } from '../../targets/index.js';
import type { Check, Level } from './check-definition.js';
import { didYouMean } from './near-matches.js';
import { suiteMatcher } from './suite-glob.js';

/** What to run: suite globs, requirement ids and check ids. Kinds intersect; values of one kind unite. Empty = all. */
export interface Selection {
  readonly suites?: readonly string[];
  readonly requirements?: readonly string[];
  readonly ids?: readonly string[];
}

/** Options of a registry. */
export interface CheckRegistryOptions {
  /** The known requirement ids (default: every id of spec/requirements.yaml). */
  readonly requirementIds?: Iterable<string>;
}

/** The checks of a run, keyed by stable id; requirement ids are validated on registration. */
export class CheckRegistry {
  private readonly checks = new Map<string, Check>();
  private readonly requirementIds: ReadonlySet<string>;
  // the ordered list, kept until the next register(): a collation sort of ~270 ids costs ~8 ms, and a plan asks often
  private sorted: readonly Check[] | undefined;

  constructor(options: CheckRegistryOptions = {}) {
    this.requirementIds = new Set(options.requirementIds ?? specRequirements.map((r) => r.id));
  }

  /**
   * Registers checks; throws DUPLICATE_CHECK for a reused id, UNKNOWN_REQUIREMENT for an id not in the catalogue, and
   * INVALID_CHECK for a check stricter than a requirement it cites (DESIGN.md §3 "Levels are a promise": a check's
   * level is at most that of the weakest requirement it relies on, so a should decision never fails at must).
   */
  register(...checks: readonly Check[]): this {
    for (const check of checks) {
      if (this.checks.has(check.id)) {
        throw new HarnessError('DUPLICATE_CHECK', `Check id ${check.id} is registered twice (suite ${check.suite}): give each check its own id.`);
      }
      for (const id of check.requirements) {
        if (!this.requirementIds.has(id)) {
          throw new HarnessError(
            'UNKNOWN_REQUIREMENT',
            `Check ${check.id} cites requirement ${id}, which is not in spec/requirements.yaml.${didYouMean(id, this.requirementIds)} Fix the id or add the requirement.`,
          );
        }
      }
      const looser = check.requirements.filter((id) => strictness[requirementById(id)?.level ?? check.level] > strictness[check.level]);
      if (looser.length > 0) {
        const levels = looser.map((id) => `${id} is ${requirementById(id)?.level}`).join(', ');
        throw new HarnessError(
          'INVALID_CHECK',
          `Check ${check.id} is ${check.level} but cites looser requirements (${levels}): lower the check's level or cite only requirements at least as strict.`,
        );
      }
      this.checks.set(check.id, check);
      this.sorted = undefined;
    }
    return this;
  }

  /** Every check, ordered by suite then id. */
  all(): readonly Check[] {
    this.sorted ??= [...this.checks.values()].sort(bySuiteThenId);
    return this.sorted;
  }

  /** The check with this id. */
  get(id: string): Check | undefined {
    return this.checks.get(id);
  }

  /** The suites that have checks. */
  suites(): string[] {
    return [...new Set(this.all().map((check) => check.suite))];
  }

  /** The checks a selection picks; an unknown check id, requirement id or a suite glob matching nothing is a usage error. */
  select(selection: Selection = {}): Check[] {
    let picked: readonly Check[] = this.all();
    if (selection.ids?.length) {
      for (const id of selection.ids) {
        if (!this.checks.has(id)) {
          throw new HarnessError('UNKNOWN_CHECK', `Unknown check id ${id}.${didYouMean(id, this.checks.keys())} List the checks with --list.`);
        }
      }
      picked = picked.filter((check) => selection.ids?.includes(check.id));
    }
    if (selection.suites?.length) {
      const matchers = selection.suites.map((pattern) => {
        const matches = suiteMatcher(pattern);
        if (!this.suites().some(matches)) {
          throw new HarnessError(
            'UNKNOWN_SUITE',
            `No suite matches --suite ${pattern}.${didYouMean(pattern, this.suites())} Suites: ${this.suites().join(', ')}.`,
          );
        }
        return matches;
      });
      picked = picked.filter((check) => matchers.some((matches) => matches(check.suite)));
    }
    if (selection.requirements?.length) {
      for (const id of selection.requirements) {
        if (!this.requirementIds.has(id)) {
          throw new HarnessError(
            'UNKNOWN_REQUIREMENT',
            `Unknown requirement id ${id}.${didYouMean(id, this.requirementIds)} The ids are in spec/requirements.yaml.`,
          );
        }
      }
      picked = picked.filter((check) => check.requirements.some((id) => selection.requirements?.includes(id)));
    }
    if (picked.length === 0) {
      throw new HarnessError('USAGE', `No check matches the selection ${JSON.stringify(selection)}: widen --suite/--requirement (see --list).`);
    }
    return [...picked];
  }
}

const strictness: Readonly<Record<Level, number>> = { must: 0, should: 1, observe: 2 };

function bySuiteThenId(a: Check, b: Check): number {
  return a.suite.localeCompare(b.suite) || a.id.localeCompare(b.id);
}
