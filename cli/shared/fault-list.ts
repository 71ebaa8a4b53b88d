/** A fault of the reference's catalogue as `--fault list` shows it. */
export interface ListedFault {
  readonly id: string;
  readonly requirement: string;
  readonly description: string;
}

/**
 * The fault catalogue as text, one fault a line: its id (what --fault takes), the requirement it breaks and what it
 * does (`npm run conform -- --fault list`, `npm run simulator -- --fault list`).
 */
export function faultListText(faults: readonly ListedFault[]): string {
  const idWidth = Math.max(5, ...faults.map((fault) => fault.id.length));
  const requirementWidth = Math.max(11, ...faults.map((fault) => fault.requirement.length));
  const line = (id: string, requirement: string, description: string): string =>
    `${id.padEnd(idWidth)}  ${requirement.padEnd(requirementWidth)}  ${description}`;
  return [
    `${faults.length} faults of the reference (switch one on with --fault <id>; each breaks the requirement named):`,
    line('fault', 'requirement', 'what it does'),
    ...faults.map((fault) => line(fault.id, fault.requirement, fault.description)),
    '',
  ].join('\n');
}

/** True when the --fault values ask for the catalogue (`--fault list`) instead of naming faults. */
export function listsFaults(faults: readonly string[] | undefined): boolean {
  return faults?.includes('list') === true;
}
