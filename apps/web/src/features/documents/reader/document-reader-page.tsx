import { ELEMENT_ID_MAX_LENGTH, ELEMENT_IDS_MAX } from '@verity/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DOCUMENT_OPENED_EVENT, track } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { conversationReturnPath, wikiReturnPath } from '../../../lib/return-to';
import { useDocument } from '../api';
import { FavouriteButton } from '../favourite-button';
import { DocumentBody } from './document-body';
import { buildBlocks, buildToc, highlightedIds, splitTitle, toDocumentReference } from './document-model';
import { HighlightNavigator } from './highlight-navigator';
import { ReaderHeader } from './reader-header';
import { DocumentLoadError, DocumentNotFound, DocumentTooLarge, ReaderSkeleton } from './reader-states';
import { SupersededBanner } from './superseded-banner';
import { TableOfContentsDisclosure, TableOfContentsSidebar } from './table-of-contents';
import { useMayOpen } from '../../../hooks/use-may';

const _NO_ROLES: readonly string[] = [];

/** How far below the viewport top a heading counts as the section being read (clears the sticky bars). */
const ACTIVE_SECTION_OFFSET_PX = 140;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scroll an element of the document into view; optionally move focus to it for screen readers. */
function revealElement(id: string, options: { focus: boolean; block?: ScrollLogicalPosition }): void {
  const target = document.getElementById(id);
  if (!target) return;
  if (typeof target.scrollIntoView === 'function') {
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: options.block ?? 'start' });
  }
  if (options.focus) {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
}

/** The element_ids of the URL, trimmed to what the server accepts so a long citation still opens. */
function useElementIds(): string[] {
  const [searchParams] = useSearchParams();
  const raw = searchParams.getAll('element_ids').join('\n');
  return useMemo(
    () =>
      raw
        .split('\n')
        .filter((id) => id.length > 0 && id.length <= ELEMENT_ID_MAX_LENGTH)
        .slice(0, ELEMENT_IDS_MAX),
    [raw],
  );
}

/**
 * The heading nearest above the reading line, tracked while the window scrolls. A heading chosen
 * from the contents stays active until the reader scrolls by hand: near the end of a document the
 * page cannot scroll far enough to bring the chosen heading up to the reading line.
 */
function useActiveHeading(headingIds: readonly string[]): [string | null, (id: string) => void] {
  const [activeId, setActiveId] = useState<string | null>(null);
  const chosen = useRef<string | null>(null);
  useEffect(() => {
    if (headingIds.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      if (chosen.current) return;
      let current: string | null = null;
      for (const id of headingIds) {
        const heading = document.getElementById(id);
        if (!heading) continue;
        if (heading.getBoundingClientRect().top > ACTIVE_SECTION_OFFSET_PX) break;
        current = id;
      }
      setActiveId(current);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    const release = () => {
      chosen.current = null;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', release, { passive: true });
    window.addEventListener('touchstart', release, { passive: true });
    window.addEventListener('keydown', release);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', release);
      window.removeEventListener('touchstart', release);
      window.removeEventListener('keydown', release);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [headingIds]);
  const choose = useCallback((id: string) => {
    chosen.current = id;
    setActiveId(id);
  }, []);
  return [activeId, choose];
}

/**
 * /wiki/{idorfilename}: one document, by id or (newest edition) by file name, with its contents,
 * the cited passages of `element_ids` highlighted and scrolled to, and a banner on superseded
 * editions. Guests reach it through shared links, so it never assumes the wiki list is open to them.
 */
export function DocumentReaderPage() {
  const { idorfilename = '' } = useParams();
  const elementIds = useElementIds();
  const location = useLocation();
  const navigate = useNavigate();
  // The wiki is offered as the way back only to those who may open it (guests arrive by shared links).
  const isStandard = useMayOpen('/wiki');
  const query = useDocument(idorfilename, elementIds);
  const doc = query.data;

  const { titleElement, body } = useMemo(() => (doc ? splitTitle(doc) : { titleElement: undefined, body: [] }), [doc]);
  const blocks = useMemo(() => buildBlocks(body), [body]);
  const toc = useMemo(() => buildToc(body), [body]);
  const headingIds = useMemo(() => body.filter((element) => element.type === 'heading').map((element) => element.id), [body]);
  const highlights = useMemo(() => (doc ? highlightedIds(doc.elements) : []), [doc]);
  const [currentHighlight, setCurrentHighlight] = useState(0);
  const [activeHeading, setActiveHeading] = useActiveHeading(headingIds);

  // Once per document opened: onboarding's wiki module later looks for the HTM 06-01 title.
  const trackedId = useRef<string | null>(null);
  useEffect(() => {
    if (!doc || trackedId.current === doc.id) return;
    trackedId.current = doc.id;
    track(DOCUMENT_OPENED_EVENT, { id: doc.id, code: doc.code, title: doc.title });
  }, [doc]);

  useDocumentTitle(doc ? `${doc.code}: ${doc.title}` : undefined);

  // After the document arrives (and after the shell's scroll-to-top), go to the first cited passage,
  // or else to the heading named by the URL's hash. Only once per load so reading is not interrupted.
  const revealedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!doc) return;
    const key = `${doc.id}|${highlights.join(',')}`;
    if (revealedFor.current === key) return;
    revealedFor.current = key;
    setCurrentHighlight(0);
    const first = highlights[0];
    const hash = decodeURIComponent(location.hash.slice(1));
    const frame = window.requestAnimationFrame(() => {
      if (first) revealElement(first, { focus: false, block: 'center' });
      else if (hash) revealElement(hash, { focus: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [doc, highlights, location.hash]);

  const jumpToHighlight = useCallback(
    (index: number) => {
      const id = highlights[index];
      if (!id) return;
      setCurrentHighlight(index);
      revealElement(id, { focus: true, block: 'center' });
    },
    [highlights],
  );

  const selectHeading = useCallback(
    (id: string) => {
      revealElement(id, { focus: true });
      setActiveHeading(id);
      navigate({ search: location.search, hash: id }, { replace: true, preventScrollReset: true });
    },
    [navigate, location.search, setActiveHeading],
  );

  const backTo = isStandard ? '/wiki' : '/home';
  const backLabel = isStandard ? 'Back to Regulatory Wiki' : 'Return to Home';

  let content: ReactNode;
  if (query.isPending) {
    content = <ReaderSkeleton />;
  } else if (query.isError) {
    content =
      isApiError(query.error) && query.error.status === 404 ? (
        <DocumentNotFound backTo={backTo} backLabel={backLabel} />
      ) : isApiError(query.error) && query.error.status === 422 ? (
        <DocumentTooLarge message={query.error.clientError.description} backTo={backTo} backLabel={backLabel} />
      ) : (
        <DocumentLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
  } else {
    const reference = toDocumentReference(query.data);
    content = (
      <article aria-labelledby={titleElement ? titleElement.id : undefined} aria-label={titleElement ? undefined : query.data.title}>
        <ReaderHeader
          document={query.data}
          titleElement={titleElement}
          showWikiLink={isStandard}
          returnTo={conversationReturnPath(location.state)}
          wikiPath={wikiReturnPath(location.state)}
          favourite={
            isStandard ? (
              <FavouriteButton reference={reference} size="md" showLabel className="border border-slate-300 bg-white px-3" />
            ) : undefined
          }
        />
        <SupersededBanner document={query.data} />
        <TableOfContentsDisclosure entries={toc} activeId={activeHeading} onSelect={selectHeading} />
        <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 print:block">
          <div className="hidden lg:block print:hidden">
            <TableOfContentsSidebar entries={toc} activeId={activeHeading} onSelect={selectHeading} />
          </div>
          <div className="min-w-0 max-w-3xl pb-16 print:max-w-none print:pb-0">
            {/* Inside the text column, so while it sticks it never covers the contents column. */}
            <HighlightNavigator count={highlights.length} current={currentHighlight} onJump={jumpToHighlight} />
            <DocumentBody blocks={blocks} />
          </div>
        </div>
      </article>
    );
  }

  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10 print:max-w-none print:p-0">{content}</div>;
}
