import http from 'node:http';
import https from 'node:https';

/** How long an idle connection is kept: well under common receivers' keep-alive timeouts (Node's default is 5 s), so
 * the dispatcher closes first and never sends a delivery on a connection the receiver is closing at that moment. */
const IDLE_MS = 1_000;
/** Idle connections kept per destination (host and port). Deliveries to one webhook go out one at a time (DESIGN §4),
 * but a run registers several webhooks on one receiver and their queues run side by side (up to ~10 at once in a
 * conformance run): with 4 kept, each burst closed the rest and the next one opened them again with new handshakes. */
const MAX_IDLE_PER_DESTINATION = 16;

/**
 * The dispatcher's keep-alive connection pools: one per scheme and CA list, because Node's pool key ignores the
 * secure context. A contract run sends a few hundred small deliveries to one receiver; a new TLS connection for each
 * was a fifth of the reference thread's time (issue 17).
 */
export class KeepAliveAgents {
  private readonly agents = new Map<string, http.Agent>();

  /** The pool for deliveries over `secure` (https) or not, trusting the CA list named by `caKey`. */
  for(secure: boolean, caKey: string): http.Agent {
    const key = `${secure ? 'https' : 'http'}\u0000${caKey}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const options = { keepAlive: true, timeout: IDLE_MS, maxFreeSockets: MAX_IDLE_PER_DESTINATION };
      agent = secure ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** Closes every pooled connection; a later delivery opens new ones. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
