import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { createContractAjv } from './contract-ajv.js';
import { ContractError } from './contract-error.js';
import { schemas } from './contract.js';
import { validators as precompiled } from './generated/validators.js';

/** One reason a value does not match a schema. */
export interface ValidationIssue {
  /** JSON pointer of the offending value ('' is the root; for `required`, the missing property). */
  path: string;
  /** The JSON Schema keyword that failed (`required`, `maxLength`, `format`, `false schema` ...). */
  keyword: string;
  message: string;
  /** The requirement id the failing keyword cites through `x-requirements`, when it cites one. */
  requirement?: string;
  /** True when the failing keyword sits in an `x-assumed` schema: DESIGN §4 decided it, so never a must failure. */
  assumed: boolean;
}

/** The outcome of a validation: `errors` are one line per issue, `<path> <keyword>: <message> [<requirement>, assumed]`. */
export interface ValidationResult {
  valid: boolean;
  errors: string[];
  issues: ValidationIssue[];
}

/** A compiled validator of one named schema. */
export type Validator = (value: unknown) => ValidationResult;

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, Validator>();

type SchemaNode = Record<string, unknown>;

/** Whether any schema from the root along `schemaPath` (ajv's '#/properties/a/maxLength') is x-assumed. */
function isAssumed(root: unknown, schemaPath: string): boolean {
  const segments = schemaPath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  let node = root;
  for (const segment of [undefined, ...segments]) {
    if (node === null || typeof node !== 'object') break;
    if (segment !== undefined) node = (node as SchemaNode)[segment];
    if ((node as SchemaNode | undefined)?.['x-assumed'] === true) return true;
  }
  return false;
}

function toIssue(root: unknown, error: ErrorObject): ValidationIssue {
  const parent = (typeof error.parentSchema === 'object' ? error.parentSchema : {}) as Record<string, unknown>;
  let path = error.instancePath;
  let cited = parent['x-requirements'] as Record<string, string> | undefined;
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    path = `${path}/${escapePointer(missing)}`;
    const properties = (parent.properties ?? {}) as Record<string, { 'x-requirements'?: Record<string, string> }>;
    cited = properties[missing]?.['x-requirements'];
  } else if (error.keyword === 'discriminator') {
    path = `${path}/${escapePointer(String((error.params as { tag: string }).tag))}`;
  }
  const requirement = cited?.[error.keyword];
  return {
    path,
    keyword: error.keyword,
    message: error.message ?? 'is invalid',
    ...(requirement !== undefined ? { requirement } : {}),
    assumed: isAssumed(root, error.schemaPath),
  };
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function describe(issue: ValidationIssue): string {
  const notes = [issue.requirement, issue.assumed ? 'assumed' : undefined].filter((note) => note !== undefined);
  return `${issue.path || '/'} ${issue.keyword}: ${issue.message}${notes.length > 0 ? ` [${notes.join(', ')}]` : ''}`;
}

/** The validator of a named schema (a component such as `Message`, or an operation part such as `sendMessage.body`). */
export function validator(name: string): Validator {
  const cached = compiled.get(name);
  if (cached !== undefined) return cached;
  const schema = schemas[name];
  if (schema === undefined) {
    const known = Object.keys(schemas).filter((key) => !key.includes('.'));
    throw new ContractError(
      'UNKNOWN_SCHEMA',
      `Unknown schema '${name}'; use a component (${known.join(', ')}) or an operation part such as 'sendMessage.body'.`,
    );
  }
  // compiled by npm run gen:spec from the same schemas (a test holds them fresh); ajv compiles only what is not there
  const check: ValidateFunction = precompiled[name] ?? (ajv ??= createContractAjv()).compile(schema);
  const validate: Validator = (value) => {
    if (check(value)) return { valid: true, errors: [], issues: [] };
    const issues = (check.errors ?? []).map((error) => toIssue(schema, error));
    return { valid: false, errors: issues.map(describe), issues };
  };
  compiled.set(name, validate);
  return validate;
}

/** Validates `value` against the named schema. */
export function validate(name: string, value: unknown): ValidationResult {
  return validator(name)(value);
}
