import { coreFaults } from './core-faults.js';
import { coverageFaults } from './coverage-faults.js';
import { historyFaults } from './history-faults.js';
import { messageFaults } from './message-faults.js';
import { nearMissFaults } from './near-miss-faults.js';
import { oracleFaults } from './oracle-faults.js';
import { webhookFaults } from './webhook-faults.js';

export type { Fault } from './fault-entry.js';

/** Every fault the reference can switch on (`faults: [id]` or `--fault id`). */
export const faultCatalogue = [
  ...coreFaults,
  ...messageFaults,
  ...webhookFaults,
  ...oracleFaults,
  ...nearMissFaults,
  ...coverageFaults,
  ...historyFaults,
] as const;

/** A fault id of the catalogue. */
export type FaultId = (typeof faultCatalogue)[number]['id'];
