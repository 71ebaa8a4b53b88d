import type { CheckResult, RunResult } from '../results/run-result.js';
import { visible } from './safe-text.js';

/** What a report needs of the run to print a failure's reproduction. */
export type RerunContext = Pick<RunResult, 'reproduce' | 'seed' | 'runs'> & { readonly target: Pick<RunResult['target'], 'baseUrl'> };

/** How a failure is run again, every part whole (a cut command does not run as printed): issue 25. */
export interface RerunView {
  /** The conform command that runs this check again with the run's target, seed and case count. */
  readonly rerun?: string;
  /** The command that starts the embedded reference alone, which `reproduction` then reaches. */
  readonly standalone?: string;
  /** The failing request as curl: against the target, or the stand-alone reference for the embedded one. */
  readonly reproduction?: string;
  /** Why the curl is not shown here, when it is not (too long for this report, cut by the engine, or its target gone). */
  readonly reproductionNote?: string;
}

// the engine cuts a reproduction past 4,000 characters (targets/sanitize.ts): what is left does not run
const engineCut = /… \[cut: [\d,]+ characters in all\]$/;

/** The reproduction parts of a failed or errored check: the conform command, and the curl when it runs as printed here. */
export function rerunView(check: CheckResult, run: RerunContext | undefined, maxCurl: number): RerunView {
  const reproduce = run?.reproduce;
  const rerun = reproduce ? `${reproduce.command} --check ${check.id} --seed ${check.seed ?? run.seed} --runs ${run.runs}` : undefined;
  const standalone = reproduce?.standalone;
  let curl = check.reproduction;
  let note: string | undefined;
  if (curl !== undefined && standalone) curl = againstStandalone(curl, run?.target.baseUrl ?? '', standalone);
  else if (curl !== undefined && reproduce?.embedded) {
    note = 'the curl reached the run’s own reference, gone with the run: run the command above';
    curl = undefined;
  }
  if (curl !== undefined && engineCut.test(curl)) {
    note = 'the request is too long to print whole: run the command above';
    curl = undefined;
  } else if (curl !== undefined && visible(curl).length > maxCurl) {
    note = `the curl (${curl.length.toLocaleString('en-US')} characters) is in report.html and results.json`;
    curl = undefined;
  }
  return {
    ...(rerun === undefined ? {} : { rerun: visible(rerun) }),
    ...(standalone && curl !== undefined ? { standalone: visible(standalone.command) } : {}),
    ...(curl === undefined ? {} : { reproduction: visible(curl) }),
    ...(note === undefined ? {} : { reproductionNote: note }),
  };
}

/** The curl of an exchange with the embedded reference, aimed at the stand-alone one and with its key words. */
function againstStandalone(curl: string, origin: string, standalone: NonNullable<NonNullable<RunResult['reproduce']>['standalone']>): string {
  let aimed = origin === '' ? curl : curl.split(origin).join(standalone.origin);
  for (const [variable, word] of Object.entries(standalone.keyWords ?? {})) {
    aimed = aimed.replace(new RegExp(`${variable.replace(/\$/g, '\\$')}\\b`, 'g'), word);
  }
  return aimed;
}

/** The reproduction as labelled lines (console, JUnit, annotations): each command after its label, whole. */
export function rerunLines(view: RerunView): string[] {
  return [
    ...(view.rerun === undefined ? [] : [`rerun: ${view.rerun}`]),
    ...(view.standalone === undefined ? [] : [`reference alone: ${view.standalone}`]),
    ...(view.reproduction === undefined ? [] : [`${view.standalone === undefined ? 'reproduce' : 'then'}: ${view.reproduction}`]),
    ...(view.reproductionNote === undefined ? [] : [`reproduce: ${view.reproductionNote}`]),
  ];
}

/** The reproduction as a shell block (Markdown, HTML): the commands with comments that say what each does. */
export function rerunBlock(view: RerunView): string | undefined {
  const lines = [
    ...(view.rerun === undefined ? [] : ['# run the check again', view.rerun]),
    ...(view.standalone === undefined ? [] : ['# the same reference alone (another terminal), then the failing request', view.standalone]),
    ...(view.reproduction === undefined ? [] : [...(view.standalone === undefined ? ['# the failing request'] : []), view.reproduction]),
    ...(view.reproductionNote === undefined ? [] : [`# ${view.reproductionNote}`]),
  ];
  return lines.length === 0 ? undefined : lines.join('\n');
}
