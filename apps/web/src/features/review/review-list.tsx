import { REVIEW_SEARCH_MAX_LENGTH, type ReviewSummary } from '@verity/shared';
import { useState } from 'react';
import { PagedSearchList } from '../../components/paged-search-list';
import { usePagedSearch } from '../../hooks/use-paged-search';
import { useReviews } from './api';
import { DeleteReviewDialog } from './delete-review-dialog';
import { ReviewRow } from './review-row';

export const REVIEWS_FAILED_MESSAGE = 'Your reviews could not be loaded.';

/**
 * The person's reviews, newest first: search by title or file name, open and delete (confirmed),
 * twenty a page. Reviews still running say so. A new search starts at page one.
 */
export function ReviewList() {
  const [deleting, setDeleting] = useState<ReviewSummary | null>(null);
  const search = usePagedSearch(useReviews, (list) => list.reviews);
  return (
    <PagedSearchList
      search={search}
      noun={{ one: 'review', many: 'reviews' }}
      maxLength={REVIEW_SEARCH_MAX_LENGTH}
      placeholder="Search by title or file name"
      failedMessage={REVIEWS_FAILED_MESSAGE}
      noMatchHint="Search looks at titles and file names; try another word from one."
      emptyHint="Policies you review are kept here, with their findings and your decisions on them."
      rows={(reviews) => reviews.map((review) => <ReviewRow key={review.id} review={review} onDelete={setDeleting} />)}
    >
      <DeleteReviewDialog review={deleting} onClose={() => setDeleting(null)} />
    </PagedSearchList>
  );
}
