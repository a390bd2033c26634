import { expect } from 'vitest';

/**
 * Polls the server's /api/health every ~5 ms until stopped; answers every latency seen. One check is
 * in flight at a time, so a stall of the process shows as one slow sample: there must be enough
 * samples (at least 100) for the 99th percentile to be a percentile rather than the single slowest check.
 */
export function pollHealth(baseUrl: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** The value at percentile p (0..100) of the samples, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
