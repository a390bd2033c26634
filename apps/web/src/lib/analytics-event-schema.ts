// The analytics endpoint's event schema, loaded by the recorder (analytics-recorder.ts) for its
// first batch: it is built with zod, which a page otherwise shows itself without.
export { analyticsEventSchema } from '@verity/shared';
