// Public entry of the webhook receiver (ARCHITECTURE.md "Layers and import directions").
export { startReceiver } from './start-receiver.js';
export type { Receiver, ReceiverOptions, ReceiverStats } from './start-receiver.js';
export { DeliveryStore } from './delivery-store.js';
export type { BacklogWait, DeliveryPredicate } from './delivery-store.js';
export { headerBag } from './delivery.js';
export { formatDelivery } from './format-delivery.js';
export type { Delivery } from './delivery.js';
export type { Answer } from './answer-table.js';
export { ReceiverError } from './errors.js';
export type { ReceiverErrorCode } from './errors.js';
export { verifyDelivery } from './verify-delivery.js';
export type { DeliveryVerifyOptions } from './verify-delivery.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  getScheme,
  githubScheme,
  schemeNames,
  SERVICE_SIGNATURE_HEADER,
  serviceScheme,
  signers,
  standardWebhooksScheme,
  verifySignature,
} from './schemes/index.js';
export type { HeaderInput, SchemeName, SchemeOptions, SignatureScheme, Signer, VerifyFailureCode, VerifyInput, VerifyResult } from './schemes/index.js';
