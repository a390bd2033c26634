import { ChevronDown } from 'lucide-react';
import { type MouseEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';
import type { TocEntry } from './document-model';

export interface TableOfContentsProps {
  entries: readonly TocEntry[];
  /** The heading whose section is on screen, if known. */
  activeId: string | null;
  onSelect: (id: string) => void;
}

function TocList({ entries, activeId, onSelect, nested = false }: TableOfContentsProps & { nested?: boolean }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // Modified clicks keep their browser meaning (open in a new tab and so on).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(id);
  };
  return (
    <ul className={cn('space-y-0.5', nested && 'mt-0.5 ml-3 border-slate-200 border-l pl-2')}>
      {entries.map((entry) => {
        const active = entry.id === activeId;
        return (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              onClick={(event) => onClick(event, entry.id)}
              aria-current={active ? 'location' : undefined}
              className={cn(
                'focus-ring block rounded-md px-2 py-1.5 text-sm leading-5 hover:bg-slate-100 hover:text-slate-900',
                active ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-600',
              )}
            >
              {entry.text}
            </a>
            {entry.children.length > 0 && <TocList entries={entry.children} activeId={activeId} onSelect={onSelect} nested />}
          </li>
        );
      })}
    </ul>
  );
}

/** Wide screens: a sticky side column beside the document. */
export function TableOfContentsSidebar(props: TableOfContentsProps) {
  if (props.entries.length === 0) return null;
  return (
    <nav
      aria-labelledby="reader-contents-heading"
      className="sticky top-6 hidden max-h-[calc(100dvh-3rem)] overflow-y-auto pr-2 pb-6 lg:block print:hidden"
    >
      <h2 id="reader-contents-heading" className="px-2 pb-2 font-semibold text-slate-500 text-xs uppercase tracking-wide">
        Contents
      </h2>
      <TocList {...props} />
    </nav>
  );
}

/** Phones and tablets: a "Contents" disclosure above the document that closes after a choice. */
export function TableOfContentsDisclosure(props: TableOfContentsProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  if (props.entries.length === 0) return null;
  const onSelect = (id: string) => {
    if (detailsRef.current) detailsRef.current.open = false;
    props.onSelect(id);
  };
  return (
    <details ref={detailsRef} className="group mt-6 rounded-lg border border-slate-200 bg-white lg:hidden print:hidden">
      <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
        Contents
        <ChevronDown className="size-4 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <nav aria-label="Contents" className="max-h-[60dvh] overflow-y-auto border-slate-200 border-t px-2 py-2">
        <TocList {...props} onSelect={onSelect} />
      </nav>
    </details>
  );
}
