import type { DocumentResponse } from '@verity/shared';
import { ExternalLink, Info } from 'lucide-react';

export const VERITY_SUMMARY_NOTICE = 'Verity summary in our own words — not the official text';
export const ORGANISATION_DOCUMENT_NOTICE = "Your organisation's own document, shown as it was uploaded";
export const LIBRARY_UPLOAD_NOTICE =
  'Text taken from a file added to the library, shown as extracted — not checked against the official text';

const HEADLINES: Readonly<Record<DocumentResponse['origin'], string>> = {
  verity_summary: VERITY_SUMMARY_NOTICE,
  organisation_upload: ORGANISATION_DOCUMENT_NOTICE,
  library_upload: LIBRARY_UPLOAD_NOTICE,
};

/** A source's title without the trailing "— Issuer (site)" part, for the link text. */
function shortTitle(title: string): string {
  const cut = title.lastIndexOf(' — ');
  return cut > 0 ? title.slice(0, cut) : title;
}

/**
 * What the reader is looking at, on every document: for the library's summaries, that they are
 * Verity's own words and where to read the official text (the header names its issuer and
 * edition); for an organisation's own upload, that it is theirs as uploaded (docs/decisions.md).
 */
export function DocumentNotice({ document }: { document: DocumentResponse }) {
  const linked = document.sources.filter((source) => source.url);
  const unlinked = document.sources.filter((source) => !source.url);
  const isSummary = document.origin === 'verity_summary';
  return (
    <aside
      aria-label="About this text"
      data-testid="document-notice"
      className="mt-5 max-w-3xl rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950 text-sm leading-6 print:border-slate-400 print:bg-white"
    >
      <p className="flex items-start gap-2 font-semibold">
        <Info className="mt-0.5 size-4 shrink-0 text-sky-700" aria-hidden="true" />
        <span>{HEADLINES[document.origin]}</span>
      </p>
      {document.sources.length > 0 && (
        <div className="mt-2 pl-6">
          <p className="font-medium">
            {isSummary ? (linked.length > 1 ? 'Read the official sources' : 'Read the official source') : 'Sources'}
          </p>
          <ul className="mt-1 space-y-1">
            {linked.map((source) => (
              <li key={source.title}>
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="focus-ring break-words rounded-sm font-medium text-sky-900 underline underline-offset-2 hover:text-sky-700"
                >
                  {shortTitle(source.title)}
                  <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
                  <span className="sr-only"> (official page, opens in a new tab)</span>
                </a>
              </li>
            ))}
            {unlinked.map((source) => (
              <li key={source.title} className="text-sky-900">
                {source.title}
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
