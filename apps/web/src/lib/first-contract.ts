// The parts of the shared contract the pages before sign-in use. They are built with zod, so this
// module is loaded on demand (deferred-api.ts) and the sign-in page renders without zod.
export { authEndpoints, joinEndpoints, loginSchema } from '@verity/shared';
