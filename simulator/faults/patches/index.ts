import { authPatches } from './auth-patches.js';
import { httpPatches } from './http-patches.js';
import { userPatches } from './user-patches.js';
import type { Patches } from './patch.js';

export type { Patch, Patches } from './patch.js';

/** How each fault of the catalogue is applied, one file per area of the service. */
export const faultPatches: Patches = { ...authPatches, ...httpPatches, ...userPatches };
