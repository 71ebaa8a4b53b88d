import type { Exchange } from '../exchange.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** Runs a request through an ordered list of steps and then the transport (the last `next`). */
export class RequestPipeline {
  private readonly chain: Next;
  private nextId = 1;

  constructor(
    private readonly steps: readonly RequestStep[],
    transport: Next,
  ) {
    // composed once: the first step's handle is the outermost, so its after-work runs last
    this.chain = steps.reduceRight<Next>((next, step) => {
      const handle = step.handle?.bind(step);
      return handle ? (call) => handle(call, next) : next;
    }, transport);
  }

  /** Checks, admits and sends one call; throws only a step's refusal (before anything is counted or sent). */
  async run(call: RequestCall): Promise<Exchange> {
    for (const step of this.steps) step.check?.(call);
    call.id = this.nextId++;
    call.scope.count += 1;
    for (const step of this.steps) step.admit?.(call);
    return this.chain(call);
  }
}
