// Public entry of proxy/: passive conformance (issue 18). A loopback proxy grades a client's live traffic against the
// contract; a webhook forwarder verifies a target's deliveries and passes them on to the user's loopback endpoint.
export { startProxy, ANNOTATION_HEADER } from './start-proxy.js';
export type { ProxyOptions, RunningProxy } from './start-proxy.js';
export { startForwarder } from './start-forwarder.js';
export type { ForwarderOptions, RunningForwarder } from './start-forwarder.js';
export { sessionResult } from './session-result.js';
export type { SessionKind, SessionMeta } from './session-result.js';
export { writeSessionReports, trafficSummary, sessionTraffic } from './session-reports.js';
export { loopbackForwardUrl } from './session-url.js';
export type { GradedSession } from './session-reports.js';
export type { SessionHooks } from './session-hooks.js';
export { violationLine } from './violation-line.js';
export { connectProbe } from './connect-probe.js';
export type { Violation } from './session-tally.js';
export { harExchanges, HarFormatError, harFileLimit, recordedSessionPrefix } from './har-exchanges.js';
export { gradeRecorded } from './grade-har.js';
