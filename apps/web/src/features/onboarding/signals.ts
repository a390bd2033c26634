import { type AnalyticsEvent, CHAT_QUESTION_ASKED_EVENT, DOCUMENT_OPENED_EVENT, WIKI_FILTER_APPLIED_EVENT } from '../../lib/analytics';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';

/**
 * The steps the guide hears happen as the person works: the wiki's HTM domain filter applied,
 * a document whose code or title holds HTM 06-01 opened, a question asked; and a written
 * document opened at /write/{id} (the write module's upload step). Recorded whether or not the
 * guide is open, so a step done first counts.
 */

/** The wiki module's reading step looks for this document. */
const WIKI_DOCUMENT = 'htm 06-01';
const WIKI_DOMAIN = 'HTM';

const normalise = (text: string) => text.toLowerCase().replace(/[\s\u2010-\u2015-]+/g, ' ');

export function recordStepsFromEvent(event: AnalyticsEvent): void {
  const { properties } = event;
  switch (event.event) {
    case WIKI_FILTER_APPLIED_EVENT:
      if (properties.filter === 'domain' && properties.value === WIKI_DOMAIN) recordOnboardingProgress('wiki', 'filter');
      return;
    case DOCUMENT_OPENED_EVENT: {
      const named = normalise(`${String(properties.code ?? '')} ${String(properties.title ?? '')}`);
      if (named.includes(normalise(WIKI_DOCUMENT))) recordOnboardingProgress('wiki', 'search');
      return;
    }
    case CHAT_QUESTION_ASKED_EVENT:
      recordOnboardingProgress('wiki', 'chat');
      return;
    default:
      return;
  }
}

const WRITTEN_DOCUMENT_PATH = /^\/write\/[^/]+\/?$/;

export function recordStepsFromPath(pathname: string): void {
  if (WRITTEN_DOCUMENT_PATH.test(pathname)) recordOnboardingProgress('write', 'upload');
}
