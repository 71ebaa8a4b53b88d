/** targets/container: the conformance target that runs an image with testcontainers (issue 7, image/README.md). */
export { containerNetworkMode, containerNetworkModes } from './container-network-mode.js';
export type { ContainerNetworkMode } from './container-network-mode.js';
export { containerTarget } from './container-target.js';
export type { ContainerTarget, ContainerTargetOptions } from './container-target.js';
export { dockerEngineProblem } from './docker-engine-problem.js';
export { referenceImageEnv } from './reference-image-env.js';
export type { ReferenceImageSettings } from './reference-image-env.js';
