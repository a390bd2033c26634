import {
  endpointUrl,
  type EndpointInput,
  type Review,
  type ReviewFinding,
  type ReviewJob,
  type ReviewList,
  type ReviewSummary,
  reviewEndpoints,
  type UpdateFinding,
} from '@verity/shared';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EndpointBody, isApiError } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/download';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';

/** The policy review assistant's calls: query options, hooks and cache updates. */

export const reviewKeys = {
  lists: ['review', 'reviews'] as const,
  list: (q: string, page: number) => ['review', 'reviews', { q, page }] as const,
  review: (id: string) => ['review', 'review', id] as const,
  job: (id: string) => ['review', 'job', id] as const,
};

export const REVIEW_PATH = '/review';

/** The page of one review. */
export function reviewPath(id: string): string {
  return `${REVIEW_PATH}/${encodeURIComponent(id)}`;
}

/** How often a running review is asked where it has got to (SPEC §4: every 400 to 500 ms). */
export const JOB_POLL_MS = 500;

/** The list's query: a trimmed q and a page only when they say something. */
function reviewsQuery(q: string, page: number): EndpointInput<typeof reviewEndpoints.listReviews>['query'] {
  return { q: q || undefined, page: page > 1 ? String(page) : undefined };
}

/** While a review in the list is running, the list is asked again this often to show it finished. */
const REVIEWING_LIST_POLL_MS = 3_000;

/** The caller's reviews, newest first, twenty a page; `q` searches titles and file names. The previous page stays while another loads. */
export function useReviews(q: string, page: number) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: reviewKeys.list(trimmed, page),
    queryFn: ({ signal }) => api(reviewEndpoints.listReviews, { query: reviewsQuery(trimmed, page) }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.reviews.some((review) => review.status === 'reviewing') ? REVIEWING_LIST_POLL_MS : false,
  });
}

/** True when the error is the server's 404 for a review (missing, or not the reader's to see). */
export function isReviewNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** A review still running is asked again this often (its job is followed by the progress card). */
const REVIEWING_POLL_MS = 1_000;

export function reviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: reviewKeys.review(id),
    queryFn: ({ signal }) => api(reviewEndpoints.getReview, { params: { id } }, { signal }),
  });
}

export function useReview(id: string) {
  return useQuery({
    ...reviewQueryOptions(id),
    refetchInterval: (query) => (query.state.data?.status === 'reviewing' ? REVIEWING_POLL_MS : false),
  });
}

function jobRunning(job: ReviewJob | undefined): boolean {
  return job === undefined || job.status === 'queued' || job.status === 'running';
}

/** A review job, asked again every JOB_POLL_MS until it has succeeded or failed. */
export function useReviewJob(jobId: string) {
  return useQuery({
    queryKey: reviewKeys.job(jobId),
    queryFn: ({ signal }) => api(reviewEndpoints.job, { params: { id: jobId } }, { signal }),
    refetchInterval: (query) => (jobRunning(query.state.data) ? JOB_POLL_MS : false),
    staleTime: 0,
  });
}

export type CreateReviewInput = EndpointBody<typeof reviewEndpoints.createReview>;

/**
 * Send a policy to be reviewed, or (with `previousId`) a new version of a reviewed one; answered at
 * once with the review and its job. Background: the form shows the server's refusal itself.
 */
export function useCreateReview(previousId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) =>
      previousId
        ? api(reviewEndpoints.createVersion, { params: { id: previousId }, body: input }, { background: true })
        : api(reviewEndpoints.createReview, { body: input }, { background: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.lists }),
  });
}

/** Take a deleted review out of every cached list page (the lists are then asked again). */
function removeCachedReview(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<ReviewList>({ queryKey: reviewKeys.lists }, (list) => {
    if (!list) return list;
    const reviews = list.reviews.filter((item) => item.id !== id);
    return { ...list, reviews, total: list.total - (list.reviews.length - reviews.length) };
  });
}

/** Delete a review. A 404 means it is already gone, which is what the person wanted: treated as success. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string }) => {
      try {
        await api(reviewEndpoints.deleteReview, { params: { id: input.id } });
      } catch (error) {
        if (!isReviewNotFound(error)) throw error;
      }
    },
    onSuccess: (_result, input) => {
      removeCachedReview(queryClient, input.id);
      queryClient.removeQueries({ queryKey: reviewKeys.review(input.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.lists });
    },
  });
}

/** The counts a review shows, recomputed from its findings (severities over those not dismissed). */
function withCounts(review: Review, findings: ReviewFinding[]): Review {
  const counts = { high: 0, medium: 0, low: 0, open: 0, accepted: 0, dismissed: 0 };
  for (const finding of findings) {
    counts[finding.status] += 1;
    if (finding.status !== 'dismissed') counts[finding.severity] += 1;
  }
  return { ...review, findings, counts };
}

function replaceFinding(queryClient: QueryClient, reviewId: string, findingId: string, change: (finding: ReviewFinding) => ReviewFinding) {
  queryClient.setQueryData<Review>(reviewKeys.review(reviewId), (review) =>
    review
      ? withCounts(
          review,
          review.findings.map((finding) => (finding.id === findingId ? change(finding) : finding)),
        )
      : review,
  );
}

export interface UpdateFindingInput {
  reviewId: string;
  findingId: string;
  body: UpdateFinding;
}

/**
 * Accept, dismiss (with a reason) or restore a finding. The page shows the decision at once; a
 * refusal puts the finding back as it was, and the server's answer replaces the guess.
 */
export function useUpdateFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, findingId, body }: UpdateFindingInput) =>
      api(reviewEndpoints.updateFinding, { params: { id: reviewId, finding: findingId }, body }),
    onMutate: async ({ reviewId, findingId, body }) => {
      await queryClient.cancelQueries({ queryKey: reviewKeys.review(reviewId), exact: true });
      const previous = queryClient.getQueryData<Review>(reviewKeys.review(reviewId));
      replaceFinding(queryClient, reviewId, findingId, (finding) => ({
        ...finding,
        status: body.status,
        dismiss_reason: body.status === 'dismissed' ? (body.reason ?? null) : null,
      }));
      return { previous };
    },
    onError: (_error, { reviewId }, context) => {
      if (context?.previous) queryClient.setQueryData(reviewKeys.review(reviewId), context.previous);
    },
    onSuccess: (finding, { reviewId }) => {
      replaceFinding(queryClient, reviewId, finding.id, () => finding);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.lists });
    },
  });
}

/** Share a review with the organisation, or stop sharing it. */
export function useShareReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: { id: string; shared: boolean }) =>
      api(shared ? reviewEndpoints.shareReview : reviewEndpoints.unshareReview, { params: { id } }),
    onSuccess: (summary: ReviewSummary) => {
      queryClient.setQueryData<Review>(reviewKeys.review(summary.id), (review) =>
        review ? { ...review, shared: summary.shared, updated_at: summary.updated_at } : review,
      );
      void queryClient.invalidateQueries({ queryKey: reviewKeys.lists });
    },
  });
}

const DOCX_FALLBACK_NAME = 'policy review.docx';

/** Download the review as Word for the governance committee, named by the server. */
export function downloadReviewDocx(id: string): Promise<string> {
  return downloadApiFile(endpointUrl(reviewEndpoints.exportReview, { params: { id } }), DOCX_FALLBACK_NAME);
}

export const SAMPLE_POLICY_NAME = 'Sample waste management policy.pdf';

/**
 * Download the sample policy. SPEC §7: when the fetch fails, the failure is logged and the file
 * opens in a new tab instead (the browser may still manage to fetch it there).
 */
export async function downloadSamplePolicy(): Promise<void> {
  const url = endpointUrl(reviewEndpoints.samplePolicy);
  try {
    await downloadApiFile(url, SAMPLE_POLICY_NAME);
  } catch (error) {
    console.error('The sample policy could not be downloaded', error);
    window.open(url, '_blank', 'noopener');
  }
  recordOnboardingProgress('review', 'sample_downloaded');
}
