import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_QUEUE_LIMIT, pendingAnalyticsEvents, registerAnalyticsSink, resetAnalytics, track, trackPageview } from './analytics';

beforeEach(() => {
  resetAnalytics();
});

describe('analytics', () => {
  it('queues events until a sink registers, then hands them over in order', () => {
    track('navigate_home');
    trackPageview('/home');
    const sink = vi.fn();
    registerAnalyticsSink(sink);
    expect(sink).toHaveBeenCalledTimes(1);
    expect(sink.mock.calls[0]?.[0].map((e: { event: string }) => e.event)).toEqual(['navigate_home', '$pageview']);
    expect(pendingAnalyticsEvents()).toHaveLength(0);
    track('navigate_chat', { from: 'sidebar' });
    expect(sink).toHaveBeenLastCalledWith([expect.objectContaining({ event: 'navigate_chat', properties: { from: 'sidebar' } })]);
  });

  it('keeps only the most recent events when nobody listens', () => {
    for (let i = 0; i < ANALYTICS_QUEUE_LIMIT + 25; i += 1) track('$pageview', { path: `/p${i}` });
    const queued = pendingAnalyticsEvents();
    expect(queued).toHaveLength(ANALYTICS_QUEUE_LIMIT);
    expect(queued[0]?.properties.path).toBe('/p25');
  });

  it('a failing sink does not break tracking or other sinks', () => {
    const good = vi.fn();
    registerAnalyticsSink(() => {
      throw new Error('boom');
    });
    registerAnalyticsSink(good);
    expect(() => track('navigate_wiki')).not.toThrow();
    expect(good).toHaveBeenCalledOnce();
  });

  it('unregistering stops delivery', () => {
    const sink = vi.fn();
    const stop = registerAnalyticsSink(sink);
    stop();
    track('navigate_admin');
    expect(sink).not.toHaveBeenCalled();
    expect(pendingAnalyticsEvents()).toHaveLength(1);
  });
});
