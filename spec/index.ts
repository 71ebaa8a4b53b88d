// The public entry of spec/: the contract's operations, schemas and validators, read from spec/generated/ only
// (no YAML parsing at runtime). Regenerate with `npm run gen:spec` after editing spec/openapi.yaml.
export { contractInfo, operationById, operations, schemas } from './contract.js';
export type { Operation, OperationResponse } from './contract.js';
export { ContractError } from './contract-error.js';
export type { ContractErrorCode } from './contract-error.js';
export type { HttpMethod, JsonSchema, OperationParameter, OperationSchemaNames, RequirementMap } from './contract-types.js';
export { createContractAjv, e164Pattern } from './contract-ajv.js';
export { validate, validator } from './validation.js';
export type { ValidationIssue, ValidationResult, Validator } from './validation.js';
export type {
  ComponentTypes,
  DateTime,
  DeliveryEvent,
  DeliveryList,
  DeliveryRecord,
  E164,
  ErrorBody,
  Message,
  MessageDeliveredPayload,
  MessageDirection,
  MessageFailedPayload,
  MessageList,
  MessageReceivedPayload,
  MessageSentPayload,
  MessageStatus,
  MessageStatusUpdatedPayload,
  Pagination,
  SendMessageRequest,
  SendTemplateRequest,
  TestWebhookPayload,
  User,
  Uuid,
  Webhook,
  WebhookEvent,
  WebhookInput,
  WebhookPayload,
  WebhookTestResult,
  WebhookWithSecret,
} from './generated/types.js';
