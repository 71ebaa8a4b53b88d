/**
 * suites/contract: schema-driven property checks of every operation of spec/openapi.yaml — positive baselines
 * (boundaries first, then random valid requests), one negative check per invalidCases() entry, unknown ids and
 * malformed JSON. Register with `./contract/index.js` in suites/index.ts.
 */
import { operations } from '../../spec/index.js';
import type { Check } from '../checks/index.js';
import { contractChecks } from './contract-checks.js';

export { contractChecks } from './contract-checks.js';
export { negativeCases } from './negative-cases.js';
export type { NegativeCase } from './negative-cases.js';
export { requestGenerator } from './request-generator.js';
export type { BoundaryRequest, RequestGenerator } from './request-generator.js';
export type { ContractRequest } from './contract-request.js';

/** The contract checks of all operations. */
export const checks: readonly Check[] = contractChecks(operations);
