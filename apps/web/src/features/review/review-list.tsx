import { REVIEW_SEARCH_MAX_LENGTH, type ReviewSummary } from '@verity/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ListPagination, pageCount } from '../../components/list-pagination';
import { ListSearch } from '../../components/list-search';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useReviews } from './api';
import { DeleteReviewDialog } from './delete-review-dialog';
import { ReviewRow } from './review-row';

/** Typing pauses this long before the search is sent. */
export const REVIEW_SEARCH_DEBOUNCE_MS = 300;
export const REVIEWS_FAILED_MESSAGE = 'Your reviews could not be loaded.';

/**
 * The person's reviews, newest first: search by title or file name, open and delete (confirmed),
 * twenty a page. Reviews still running say so. A new search starts at page one.
 */
export function ReviewList() {
  const headingId = useId();
  const [query, setQuery] = useState('');
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const [deleting, setDeleting] = useState<ReviewSummary | null>(null);
  const q = useDebouncedValue(query, REVIEW_SEARCH_DEBOUNCE_MS).trim();
  const page = paging.q === q ? paging.page : 1;
  const reviews = useReviews(q, page);
  const items = reviews.data?.reviews ?? [];
  const total = reviews.data?.total ?? 0;
  const pages = reviews.data ? pageCount(reviews.data) : 1;
  const searching = (query.trim() !== q || reviews.isPlaceholderData) && query.trim() !== '';

  // The last review of a later page was deleted: show the page that is now the last.
  const emptiedPage = reviews.data !== undefined && items.length === 0 && page > 1;
  useEffect(() => {
    if (emptiedPage) setPaging({ q, page: pages });
  }, [emptiedPage, q, pages]);

  let body: ReactNode;
  if (reviews.isPending) {
    body = <ListLoading message="Loading your reviews…" />;
  } else if (reviews.isError && !reviews.data) {
    body = <ListLoadFailed message={REVIEWS_FAILED_MESSAGE} onRetry={() => reviews.refetch()} />;
  } else if (items.length === 0 && q) {
    body = (
      <ListEmpty title={`No reviews match “${q}”`} className="py-8">
        <p>Search looks at titles and file names; try another word from one.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setQuery('')}>
          Clear search
        </Button>
      </ListEmpty>
    );
  } else if (items.length === 0) {
    body = (
      <ListEmpty title="No reviews yet" className="py-8">
        <p>Policies you review are kept here, with their findings and your decisions on them.</p>
      </ListEmpty>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {items.map((review) => (
            <ReviewRow key={review.id} review={review} onDelete={setDeleting} />
          ))}
        </ul>
        <ListPagination
          page={page}
          pages={pages}
          label="Pages of reviews"
          busy={reviews.isFetching}
          onPage={(next) => setPaging({ q, page: next })}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          Your reviews
        </h2>
        <ListSearch
          value={query}
          onChange={setQuery}
          maxLength={REVIEW_SEARCH_MAX_LENGTH}
          label="Search your reviews"
          placeholder="Search by title or file name"
          searching={searching}
          announcement={
            q && !reviews.isPending && !reviews.isError && !searching ? (total === 1 ? '1 review found' : `${total} reviews found`) : ''
          }
          className="sm:w-72"
        />
      </div>
      <div className="mt-3">{body}</div>
      <DeleteReviewDialog review={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
