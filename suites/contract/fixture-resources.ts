import { randomBytes } from 'node:crypto';
import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';
import { toContractRequest, toRequestOptions } from './contract-request.js';
import { creatorOf, deleterOf, listedMemberCreator, pathParameters } from './operation-facts.js';
import { operationFixtures } from './operation-fixtures.js';
import { requestGenerator } from './request-generator.js';
import type { RequestGenerator } from './request-generator.js';

/**
 * The resources one check run creates (webhooks for paths, messages for ids, webhooks created by the checked
 * requests themselves) and deletes again: every check cleans up after itself, also when it fails.
 */
export class FixtureResources {
  private readonly created: { deleter: Operation; id: string }[] = [];
  private readonly generators = new Map<string, RequestGenerator>();

  constructor(private readonly ctx: CheckContext) {}

  /** The generator of an operation, with webhook URLs under this check's own receiver path and the run's recipients. */
  generator(operation: Operation): RequestGenerator {
    let generator = this.generators.get(operation.id);
    if (!generator) {
      const prefix = `/${this.ctx.check.id.toLowerCase()}/${randomBytes(4).toString('hex')}`;
      generator = requestGenerator(operation, (word) => this.ctx.target.receiverUrl(`${prefix}/${word}`), {
        conventions: this.ctx.target.conventions,
        recipients: this.ctx.http.allowedRecipients,
      });
      this.generators.set(operation.id, generator);
    }
    return generator;
  }

  /**
   * Prepares a request of the operation: values for its path parameters, each created through its collection's
   * POST; a listed collection gets one member of its own (unless creating one sends an SMS), so that the list's
   * items are checked; then the operation's prime fixture runs.
   */
  async prepare(operation: Operation): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    const member = listedMemberCreator(operation);
    if (member) await this.create(member);
    for (const param of pathParameters(operation)) {
      const creator = creatorOf(operation, param);
      // a gap of the harness's contract, not of the target: the check errors
      if (!creator) throw new Error(`no POST creates the {${param}} of ${operation.method} ${operation.path}: the contract needs one, or a fixture`);
      values[param] = await this.create(creator);
    }
    const prime = operationFixtures[operation.id]?.prime;
    if (prime !== undefined) {
      const exchange = await this.ctx.http.request(
        toRequestOptions(toContractRequest(operationById(prime), this.generator(operationById(prime)).plain(values))),
      );
      this.ctx.expectStatus(exchange, '2xx', `setting up ${operation.id}: ${prime}`, fixtureBreaks(this.ctx));
    }
    return values;
  }

  /** Creates one resource through `creator` with its plain valid request (a readable fixture); returns its id. */
  async create(creator: Operation): Promise<string> {
    const request = toContractRequest(creator, this.generator(creator).plain());
    const exchange = await this.ctx.http.request(toRequestOptions(request));
    this.ctx.expectStatus(exchange, '2xx', `setting up with ${creator.id}`, fixtureBreaks(this.ctx));
    const id = this.adopt(creator, exchange);
    // the answer goes with the failure: it is the creator's, so the end-of-run pass can fold this under the creator's
    // baseline when that failed on the same answer (suites/engine/blocking.ts)
    if (id === undefined)
      this.ctx.fail(`setting up with ${creator.id}: the answer carries no string id (body: ${exchange.bodyText.slice(0, 200)})`, {
        exchange,
        requirements: [this.ctx.cited ?? creator.requirements.response ?? fixtureBreaks(this.ctx)],
      });
    return id;
  }

  /** Remembers a resource that a 2xx answer of a creating operation reports, so that it is deleted; returns its id. */
  adopt(operation: Operation, exchange: Exchange): string | undefined {
    const id = (exchange.json as { id?: unknown } | undefined)?.id;
    if (exchange.status === undefined || exchange.status >= 300 || typeof id !== 'string') return undefined;
    const deleter = operation.method === 'POST' ? deleterOf(operation) : undefined;
    if (deleter) this.created.push({ deleter, id });
    return id;
  }

  /** How many resources exist now: release(mark) later deletes only those created after it. */
  mark(): number {
    return this.created.length;
  }

  /** Deletes what was created after `mark` (default: everything); failures are logged, not raised. */
  async release(mark = 0): Promise<void> {
    const all = this.created.splice(mark);
    for (const { deleter, id } of all.reverse()) {
      const [param] = pathParameters(deleter);
      const exchange = await this.ctx.http.request(toRequestOptions(toContractRequest(deleter, { path: { [param as string]: id } })));
      if (exchange.status === undefined || (exchange.status >= 300 && exchange.status !== 404)) {
        this.ctx.log(`cleanup: ${deleter.id} ${id} answered ${exchange.status ?? exchange.error?.code}`);
      }
    }
  }
}
