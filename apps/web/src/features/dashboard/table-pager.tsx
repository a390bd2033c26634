import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button';

export interface TablePagerProps {
  page: number;
  pages: number;
  /** The nav's accessible name: "Pages of users". */
  label: string;
  onPage: (page: number) => void;
}

/** Previous / "Page 2 of 40" / Next under a table; nothing when there is one page. */
export function TablePager({ page, pages, label, onPage }: TablePagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <p className="text-slate-600 text-xs" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
