import { analyticsEventSchema, type PostHogSettings } from '@verity/shared';
import { type AnalyticsEvent, registerAnalyticsSink } from './analytics';
import { useAuthStore } from './auth-store';

/**
 * PostHog, for an installation that configures it (POSTHOG_KEY), and only after the person
 * accepted analytics cookies: this module is loaded on acceptance and never before, so neither
 * PostHog's code nor a request to it reaches a browser that has not said yes. It receives the
 * events Verity records itself (SPEC §7: navigate_*, notifications_modal_opened,
 * notifications_marked_as_read, $pageview) and session recordings with every input and all text
 * masked — a recording shows where people click, never what a policy, transcript or answer says.
 * The bundle used loads no further scripts from PostHog. The person is known to PostHog by the
 * pseudonymous external id only.
 */

/** The part of the PostHog client used here, so tests can give a fake one. */
export interface PostHogClient {
  init(token: string, config: Record<string, unknown>): unknown;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  identify(distinctId: string): unknown;
  reset(): unknown;
  opt_out_capturing(): unknown;
}

/** The settings PostHog is started with. */
export function postHogOptions(settings: PostHogSettings): Record<string, unknown> {
  return {
    api_host: settings.host,
    // Only the events listed above: nothing is captured on its own.
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    disable_surveys: true,
    disable_external_dependency_loading: true,
    persistence: 'localStorage+cookie',
    session_recording: {
      maskAllInputs: true,
      maskTextSelector: '*',
    },
  };
}

/** Verity's own events only, in the shape they are recorded; anything else is not sent. */
function forwardable(event: AnalyticsEvent) {
  return analyticsEventSchema.safeParse({ name: event.event, properties: event.properties, timestamp: event.timestamp });
}

/** Start PostHog with this client; returns the function that stops sending (used when consent or settings change). */
export function startPostHogWith(client: PostHogClient, settings: PostHogSettings): () => void {
  client.init(settings.key, postHogOptions(settings));
  const stopSink = registerAnalyticsSink((events) => {
    for (const event of events) {
      const parsed = forwardable(event);
      if (parsed.success) client.capture(parsed.data.name, { ...parsed.data.properties });
    }
  });
  const identify = (externalId: string | undefined) => {
    if (externalId) client.identify(externalId);
    else client.reset();
  };
  identify(useAuthStore.getState().user?.external_id);
  const stopAuth = useAuthStore.subscribe((state, previous) => {
    if (state.user?.external_id !== previous.user?.external_id) identify(state.user?.external_id);
  });
  return () => {
    stopSink();
    stopAuth();
    client.opt_out_capturing();
  };
}

/** Load PostHog (the bundle with its recorder and no external loading) and start it. */
export async function startPostHog(settings: PostHogSettings): Promise<() => void> {
  const { posthog } = await import('posthog-js/dist/module.full.no-external');
  return startPostHogWith(posthog as unknown as PostHogClient, settings);
}
