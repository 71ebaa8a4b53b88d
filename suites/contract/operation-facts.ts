import { operationById, operations, schemas } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import { successResponse } from '../../rules/index.js';
import type { Need } from '../checks/index.js';
import { partSchema } from './contract-request.js';
import { operationFixtures } from './operation-fixtures.js';
import { stringPaths } from './schema-tools.js';

/** The names of an operation's path parameters, in path order. */
export function pathParameters(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/** The path before `/{param}`: the collection the parameter names a member of. */
function collectionOf(operation: Operation, param: string): string {
  return operation.path.slice(0, operation.path.indexOf(`/{${param}}`));
}

/** The POST on the collection that creates what a path parameter names (POST /v1/webhooks for /v1/webhooks/{id}). */
export function creatorOf(operation: Operation, param: string): Operation | undefined {
  const collection = collectionOf(operation, param);
  return operations.find((op) => op.method === 'POST' && op.path === collection);
}

/** The DELETE of a member of the collection `creator` posts to, if there is one (to clean up what was created). */
export function deleterOf(creator: Operation): Operation | undefined {
  return operations.find((op) => op.method === 'DELETE' && new RegExp(`^${escape(creator.path)}/\\{[^}/]+\\}$`).test(op.path));
}

/** A POST answering a Message sends an SMS: billable on production targets (DESIGN.md §5). */
export function sendsMessages(operation: Operation): boolean {
  const schema = successResponse(operation)?.schema;
  return operation.method === 'POST' && schema !== undefined && JSON.stringify(schema) === JSON.stringify(schemas.Message);
}

/** True when the request body carries URLs: spec §4.2 webhook URLs, which must point at the harness's receiver. */
export function carriesUrls(operation: Operation): boolean {
  const body = partSchema(operation, 'body');
  return body !== undefined && stringPaths(body, (s) => s.format === 'uri').length > 0;
}

/** The POST that adds to the collection a GET lists, when creating one sends no SMS (see FixtureResources.prepare). */
export function listedMemberCreator(operation: Operation): Operation | undefined {
  if (operation.method !== 'GET') return undefined;
  const creator = operations.find((op) => op.method === 'POST' && op.path === operation.path);
  return creator && !sendsMessages(creator) ? creator : undefined;
}

/** The operations a check of `operation` also calls: creators of its path parameters and list members, its prime. */
export function setupOperations(operation: Operation): Operation[] {
  const prime = operationFixtures[operation.id]?.prime;
  return [
    ...pathParameters(operation).map((param) => creatorOf(operation, param)),
    listedMemberCreator(operation),
    ...(prime === undefined ? [] : [operationById(prime)]),
  ].filter((op): op is Operation => op !== undefined);
}

/** What a check of the operation needs from the run: a receiver for webhook URLs, leave to send billable messages. */
export function needsOf(operation: Operation): Need[] {
  const involved = [operation, ...setupOperations(operation)];
  const needs: Need[] = [];
  if (involved.some(carriesUrls)) needs.push('receiver');
  if (involved.some(sendsMessages)) needs.push('billable');
  for (const need of involved.flatMap((op) => operationFixtures[op.id]?.needs ?? [])) if (!needs.includes(need)) needs.push(need);
  return needs;
}

/** The suite of an operation's checks: contract/<first path segment after the version>, e.g. contract/webhooks. */
export function suiteOf(operation: Operation): string {
  const area = operation.path.split('/').filter(Boolean)[1] ?? 'root';
  return `contract/${area.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
}

/** The upper-case id stem of an operation's checks, e.g. CONTRACT-SENDMESSAGE. */
export function idStem(operation: Operation): string {
  return `CONTRACT-${idWords(operation.id)}`;
}

/** Upper-case hyphenated words for a check id. */
export function idWords(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
