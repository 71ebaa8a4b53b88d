/** Public entry of the virtual-phone web UI (spec §8 Development simulator); pass it as `ui.handler`. */
export { createUiHandler } from './ui-handler.js';
export type { MessageView } from './message-view.js';
export type { DeliveryView, PhoneSummary } from './ui-state.js';
