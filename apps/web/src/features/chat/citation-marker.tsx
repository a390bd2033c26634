import { useState } from 'react';
import { lazyModule, useLazyModule } from '../../hooks/use-lazy-module';
import { CitationButton } from './citation-button';
import type { CitationMarkerProps, MarkerUse } from './citation-marker-types';

export type { CitationMarkerProps, MarkerUse } from './citation-marker-types';

/**
 * The Radix half. The chat's first load has no room for Radix Tooltip and its positioning, and
 * no preview is open when an answer first renders: it is fetched when the browser is idle, or at
 * once when a marker is first pointed at or focused.
 */
export const citationTooltipModule = lazyModule(() => import('./citation-tooltip'));

/**
 * A citation marker: hover or keyboard focus previews the source and its quoted passage (Radix
 * Tooltip), a click opens the sources panel at this citation. Until the tooltip's code has loaded
 * the marker is the button alone, and remembers how it is being used to show the preview then.
 * While it is pressed it stays that button: a button swapped between press and release would
 * lose the click, and pointing at the marker is what fetches the tooltip's code.
 */
export function CitationMarker({ citation, onOpen }: CitationMarkerProps) {
  const [use, setUse] = useState<MarkerUse>();
  const [pressed, setPressed] = useState(false);
  const module = useLazyModule(citationTooltipModule, use !== undefined);

  if (module && !pressed) {
    const { CitationTooltip } = module;
    return <CitationTooltip citation={citation} onOpen={onOpen} initialUse={use} />;
  }
  return (
    <CitationButton
      citation={citation}
      onClick={() => {
        setPressed(false);
        onOpen(citation.n);
      }}
      onPointerDown={() => setPressed(true)}
      // A press that ends in no click: cancelled (a touch that scrolls), or a mouse dragged off.
      onPointerCancel={() => setPressed(false)}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setPressed(false);
      }}
      onMouseEnter={() => setUse('hover')}
      onMouseLeave={() => setUse(undefined)}
      onFocus={() => setUse('focus')}
      onBlur={() => setUse(undefined)}
    />
  );
}
