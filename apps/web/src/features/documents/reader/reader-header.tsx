import type { DocumentElement, DocumentResponse } from '@verity/shared';
import { ArrowLeft, Link2, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { CitedMarker, elementAttributes, HIGHLIGHT_CLASS } from './document-body';
import { documentUrl } from './document-model';
import { DocumentNotice } from './document-notice';

export const BACK_TO_CONVERSATION = 'Back to conversation';

export const LINK_COPIED = 'Link copied';
export const LINK_COPY_FAILED = 'Could not copy the link. Copy it from the address bar instead.';

export interface ReaderHeaderProps {
  document: DocumentResponse;
  /** The title element, rendered as the page's h1 so it is never shown twice. */
  titleElement: DocumentElement | undefined;
  /** Standard users get a way back to the wiki; guests only reach documents shared with them. */
  showWikiLink: boolean;
  /** The favourite toggle, for users who have favourites. */
  favourite?: ReactNode;
  /** The conversation the reader was opened from (a chat citation), to go back to. */
  returnTo?: string | null;
  /** The wiki list's address to go back to, with the search and filters it was opened from. */
  wikiPath?: string;
}

export function StatusBadge({ status }: { status: DocumentResponse['status'] }) {
  const current = status === 'current';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset',
        current ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-300',
      )}
    >
      {current ? 'Current' : 'Superseded'}
    </span>
  );
}

async function copyLink(id: string): Promise<void> {
  const url = new URL(documentUrl(id), window.location.origin).href;
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast.success(LINK_COPIED);
  } catch {
    toast.error(LINK_COPY_FAILED);
  }
}

export function ReaderHeader({ document, titleElement, showWikiLink, favourite, returnTo = null, wikiPath = '/wiki' }: ReaderHeaderProps) {
  const tags = [document.tags.category, document.tags.domain, document.tags.subdomain].filter((tag) => tag.trim().length > 0);
  const backLinks = Boolean(returnTo) || showWikiLink;
  return (
    <header>
      {backLinks && (
        <nav aria-label="Back" className="flex flex-wrap items-center gap-x-5 gap-y-2 print:hidden">
          {returnTo && (
            <TextLink to={returnTo} className="inline-flex min-h-6 items-center gap-1.5 text-sm">
              <ArrowLeft className="size-4" aria-hidden="true" />
              {BACK_TO_CONVERSATION}
            </TextLink>
          )}
          {showWikiLink && (
            <TextLink to={wikiPath} className="inline-flex min-h-6 items-center gap-1.5 text-sm">
              {!returnTo && <ArrowLeft className="size-4" aria-hidden="true" />}
              Back to Regulatory Wiki
            </TextLink>
          )}
        </nav>
      )}

      <div className={cn('flex flex-wrap items-center gap-2', backLinks && 'mt-4')}>
        <span className="rounded-md bg-slate-100 px-2 py-0.5 font-medium font-mono text-slate-800 text-sm">{document.code}</span>
        <StatusBadge status={document.status} />
      </div>

      {titleElement ? (
        <h1
          {...elementAttributes(titleElement)}
          tabIndex={-1}
          className={cn(
            'mt-3 scroll-mt-16 break-words font-semibold text-2xl text-slate-900 tracking-tight outline-none sm:text-3xl md:scroll-mt-20',
            titleElement.highlighted && HIGHLIGHT_CLASS,
          )}
        >
          <CitedMarker element={titleElement} />
          {titleElement.text}
        </h1>
      ) : (
        <h1 className="mt-3 break-words font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">{document.title}</h1>
      )}

      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:gap-x-6">
        {/* An organisation's own upload may name no owner or edition: a label with nothing after it is left out. */}
        {document.issuer.trim() && (
          <>
            <dt className="font-medium text-slate-500">{document.origin === 'organisation_upload' ? 'Owner' : 'Issued by'}</dt>
            <dd className="text-slate-800">{document.issuer}</dd>
          </>
        )}
        {document.edition.trim() && (
          <>
            <dt className="font-medium text-slate-500">Edition</dt>
            <dd className="text-slate-800">{document.edition}</dd>
          </>
        )}
        {tags.length > 0 && (
          <>
            <dt className="font-medium text-slate-500">Tags</dt>
            <dd>
              <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
                {tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-800 text-xs ring-1 ring-brand-100 ring-inset">
                    {tag}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {document.status === 'current' && document.supersedes.length > 0 && (
          <>
            <dt className="font-medium text-slate-500">Supersedes</dt>
            <dd className="text-slate-800">{document.supersedes.join(', ')}</dd>
          </>
        )}
      </dl>

      <DocumentNotice document={document} />

      <div className="mt-5 flex flex-wrap items-center gap-2 print:hidden">
        {favourite}
        <Button variant="secondary" onClick={() => void copyLink(document.id)}>
          <Link2 className="size-4" aria-hidden="true" />
          Copy link
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Print
        </Button>
      </div>
    </header>
  );
}
