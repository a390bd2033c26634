import { recordAnalyticsEventsSchema } from '../api/analytics.ts';
import { defineEndpoint, EMPTY, SIGNED_IN } from '../contract/endpoint.ts';

/** The web app's product-analytics events, recorded as the caller's usage events; any signed-in role. */

export const record = defineEndpoint({
  id: 'analytics.record',
  summary: 'Record a batch of the web app’s analytics events',
  description:
    'Navigation, page views and notification events, sent in the background in batches (and with fetch keepalive when ' +
    'the page is hidden). An unknown event name or properties that do not fit its name refuse the whole batch, which ' +
    'stores nothing.',
  method: 'POST',
  path: '/analytics/events',
  access: SIGNED_IN,
  body: recordAnalyticsEventsSchema,
  status: 204,
  response: EMPTY,
  errors: [429],
  background: true,
});
