/**
 * What one exchange says of one requirement: it kept it (pass), broke it (fail), or refused a request that breaks it
 * (refusal): a refusal proves the rule only once the same operation has answered a valid request with a 2xx in the
 * session or run; a target that refuses everything proves nothing (DESIGN.md §3 "No vacuous passes").
 */
export type Finding =
  | { readonly requirement: string; readonly outcome: 'pass' }
  | { readonly requirement: string; readonly outcome: 'refusal' }
  | { readonly requirement: string; readonly outcome: 'fail'; readonly message: string; readonly pointer?: string };

/** A failing finding. */
export type FailFinding = Extract<Finding, { outcome: 'fail' }>;

/** The exchange kept the requirement. */
export const pass = (requirement: string): Finding => ({ requirement, outcome: 'pass' });

/** The exchange broke the requirement; the message says how (no secret values: it reaches reports); `pointer` the first JSON pointer of a schema mismatch. */
export const fail = (requirement: string, message: string, pointer?: string): Finding => ({
  requirement,
  outcome: 'fail',
  message,
  ...(pointer === undefined ? {} : { pointer }),
});

/** The target refused a request that breaks the requirement (counts once the operation's baseline is seen). */
export const refusal = (requirement: string): Finding => ({ requirement, outcome: 'refusal' });

/** pass when ok, else fail with the message. */
export function verdict(requirement: string, ok: boolean, message: () => string): Finding {
  return ok ? pass(requirement) : fail(requirement, message());
}

/** The failing findings of a list. */
export function failures(findings: readonly Finding[]): FailFinding[] {
  return findings.filter((finding): finding is FailFinding => finding.outcome === 'fail');
}
