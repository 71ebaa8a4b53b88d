import type { Check } from '../check-definition.js';
import { userMeConnection, userMeShape } from './user-me.js';

export { userMeConnection, userMeOperation, userMeShape } from './user-me.js';

/** The built-in checks (the connection gate and the /v1/user/me shape). */
export const checks: readonly Check[] = [userMeConnection, userMeShape];
