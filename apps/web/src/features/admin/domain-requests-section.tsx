import { type JoinDomainRequest, joinEndpoints } from '@verity/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PanelSection } from '../../components/panel-section';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format-date';

const domainRequestsKey = ['admin', 'domain-requests'] as const;

/**
 * Champions' requests to confirm their organisation's e-mail domain (the domain of their own
 * address). Approving verifies it for the organisation, as `npm run org-domain` does; shown only
 * while some wait.
 */
export function DomainRequestsSection() {
  const query = useQuery({
    queryKey: domainRequestsKey,
    queryFn: ({ signal }) => api(joinEndpoints.domainRequests, {}, { signal, background: true }),
  });
  if (!query.data || query.data.requests.length === 0) return null;
  return (
    <PanelSection
      title="Domains to confirm"
      description="Check that the organisation owns the domain before approving: people who sign up with an address there will ask to join it."
    >
      <ul aria-label="Domains to confirm" className="-my-2 divide-y divide-slate-100">
        {query.data.requests.map((request) => (
          <DomainRequestRow key={request.id} request={request} />
        ))}
      </ul>
    </PanelSection>
  );
}

function DomainRequestRow({ request }: { request: JoinDomainRequest }) {
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      api(
        approve ? joinEndpoints.approveDomainRequest : joinEndpoints.refuseDomainRequest,
        { params: { requestId: request.id } },
        { background: true },
      ),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(errorMessage(error, 'Failed to decide the request')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: domainRequestsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-all font-medium text-slate-900 text-sm">{request.domain}</p>
        <p className="break-words text-slate-600 text-sm">
          {request.organisation_name}
          {request.requested_by ? ` · asked by ${request.requested_by}` : ''} · {formatShortDate(request.requested_at)}
        </p>
        {request.held_by.length > 0 && (
          <p className="mt-0.5 text-amber-800 text-xs">
            Already confirmed for {request.held_by.join(', ')}: approving means it joins nobody by domain.
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          onClick={() => decide.mutate(true)}
          loading={decide.isPending && decide.variables === true}
          aria-label={`Approve ${request.domain} for ${request.organisation_name}`}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => decide.mutate(false)}
          disabled={decide.isPending}
          aria-label={`Refuse ${request.domain} for ${request.organisation_name}`}
        >
          Refuse
        </Button>
      </div>
    </li>
  );
}
