import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs a hand-off (to Microsoft, back from it, on to the forum) once when the page opens — once
 * even where React mounts twice — and again on retry. The page shows progress until it leaves,
 * or the failure it came back with.
 */
export function useHandOff(action: () => Promise<void>): { failure: unknown; retry: () => void } {
  const [failure, setFailure] = useState<unknown>(null);
  const started = useRef(false);
  const latest = useRef(action);
  latest.current = action;

  const run = useCallback(() => {
    setFailure(null);
    latest.current().catch((error: unknown) => setFailure(error ?? new Error('failed')));
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  return { failure, retry: run };
}
