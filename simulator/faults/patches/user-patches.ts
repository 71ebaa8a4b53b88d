import { ApiError } from '../../errors.js';
import { beforeOperation, editAnswers } from './answers.js';
import type { Patches } from './patch.js';

/** The faults of GET /v1/user/me (spec §4.3, DESIGN §4). */
export const userPatches: Patches = {
  'user-me-starter-500': (ref) =>
    beforeOperation(ref, 'getCurrentUser', (req) => {
      if (req.tier === 'starter') throw new ApiError(500, 'internal_error', 'could not load the user');
    }),
  'user-me-missing-workspace': (ref) => editAnswers(ref, 'getCurrentUser', (user) => void delete user.workspace_id),
};
