import { authPatches } from './auth-patches.js';
import { deliveryLogPatches } from './delivery-log-patches.js';
import { deliveryPatches } from './delivery-patches.js';
import { httpPatches } from './http-patches.js';
import { recordPatches } from './record-patches.js';
import { signaturePatches } from './signature-patches.js';
import { idempotencyPatches } from './idempotency-patches.js';
import { messageLifecyclePatches } from './message-lifecycle-patches.js';
import { messageListPatches } from './message-list-patches.js';
import { messageReadPatches } from './message-read-patches.js';
import { messageSendPatches } from './message-send-patches.js';
import { messageShapePatches } from './message-shape-patches.js';
import { userPatches } from './user-patches.js';
import { webhookPatches } from './webhook-patches.js';
import { webhookWritePatches } from './webhook-write-patches.js';
import type { Patches } from './patch.js';

export type { Patch, Patches } from './patch.js';

/** How each fault of the catalogue is applied, one file per area of the service. */
export const faultPatches: Patches = {
  ...authPatches,
  ...httpPatches,
  ...userPatches,
  ...webhookPatches,
  ...webhookWritePatches,
  ...deliveryLogPatches,
  ...deliveryPatches,
  ...recordPatches,
  ...signaturePatches,
  ...messageShapePatches,
  ...messageLifecyclePatches,
  ...messageSendPatches,
  ...idempotencyPatches,
  ...messageListPatches,
  ...messageReadPatches,
};
