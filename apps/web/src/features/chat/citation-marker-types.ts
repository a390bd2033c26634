import type { Citation } from '@verity/shared';

// The marker's types, in a module of their own: the lazily loaded tooltip reads them without
// importing the marker that loads it.

export interface CitationMarkerProps {
  citation: Citation;
  onOpen: (n: number) => void;
}

/** How the marker was being used when the tooltip's code arrived: pointed at, or focused. */
export type MarkerUse = 'hover' | 'focus';
