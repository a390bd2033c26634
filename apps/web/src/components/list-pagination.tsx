import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';

/** How many pages a list has (at least one, so "page 1 of 1" reads right when it is empty). */
export function pageCount(list: { page_size: number; total: number }): number {
  return Math.max(1, Math.ceil(list.total / list.page_size));
}

export interface ListPaginationProps {
  page: number;
  pages: number;
  /** The nav's accessible name: "Pages of documents". */
  label: string;
  /** A page is loading: both buttons wait. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** Newer / "Page 2 of 5" / Older under a person's list, newest first; nothing when there is one page. */
export function ListPagination({ page, pages, label, busy, onPage }: ListPaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-3 border-slate-100 border-t pt-3">
      <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Newer
      </Button>
      <p className="text-slate-600 text-xs" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Older
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
