/** The repository root (a file URL ending in /). */
export const repoRoot = new URL('../../', import.meta.url);
