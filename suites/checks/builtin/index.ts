import type { Check } from '../check-definition.js';
import { userMeConnection, userMeShape, userMeStarterKey } from './user-me.js';

export { userMeConnection, userMeOperation, userMeShape, userMeStarterKey } from './user-me.js';

/** The built-in checks (the connection gate, the Starter key and the /v1/user/me shape). */
export const checks: readonly Check[] = [userMeConnection, userMeStarterKey, userMeShape];
