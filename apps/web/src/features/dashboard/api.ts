import {
  type DashboardPeriod,
  dashboardEndpoints,
  type InvitationRequest,
  invitationsEndpoints,
  type MemberRole,
  membersEndpoints,
} from '@verity/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallOptions } from '../../lib/api-client';

/** The champion dashboard's reads. Each section shows its own failure, so none raises the global dialog. */

export const dashboardKeys = {
  all: ['dashboard'] as const,
  section: (section: string, days: DashboardPeriod) => ['dashboard', section, days] as const,
  pending: ['dashboard', 'pending'] as const,
};

const periodInput = (days: DashboardPeriod) => ({ query: { days: String(days) } });

/** One section's figures for the period; the previous period's stay on screen while the next load. */
function usePeriodQuery<T>(section: string, days: DashboardPeriod, fetch: (options: CallOptions) => Promise<T>) {
  return useQuery({
    queryKey: dashboardKeys.section(section, days),
    queryFn: ({ signal }) => fetch({ signal, background: true }),
    placeholderData: keepPreviousData,
  });
}

export const useOrganisationUsers = (days: DashboardPeriod) =>
  usePeriodQuery('users', days, (options) => api(dashboardEndpoints.users, periodInput(days), options));
export const useDashboardMetrics = (days: DashboardPeriod) =>
  usePeriodQuery('metrics', days, (options) => api(dashboardEndpoints.metrics, periodInput(days), options));
export const useMessageCount = (days: DashboardPeriod) =>
  usePeriodQuery('messages', days, (options) => api(dashboardEndpoints.messages, periodInput(days), options));
export const useSubdomainUsage = (days: DashboardPeriod) =>
  usePeriodQuery('subdomain-usage', days, (options) => api(dashboardEndpoints.subdomainUsage, periodInput(days), options));
export const useDashboardDocuments = (days: DashboardPeriod) =>
  usePeriodQuery('documents', days, (options) => api(dashboardEndpoints.documents, periodInput(days), options));
export const useDashboardTasks = (days: DashboardPeriod) =>
  usePeriodQuery('tasks', days, (options) => api(dashboardEndpoints.tasks, periodInput(days), options));

export function usePendingInvitations() {
  return useQuery({
    queryKey: dashboardKeys.pending,
    queryFn: ({ signal }) => api(dashboardEndpoints.pendingUsers, {}, { signal, background: true }),
  });
}

export type InvitationMode = 'email' | 'link';

/**
 * Invite a person by e-mail (the server sends the message) or create a link to share. Background:
 * the panel shows the refusal itself. The pending list is asked again after either.
 */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: { mode: InvitationMode; body: InvitationRequest }) =>
      api(mode === 'email' ? invitationsEndpoints.createUser : invitationsEndpoints.createLink, { body }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.pending }),
  });
}

/** E-mail the invitation to someone invited by a shared link (POST auth/send_welcome_email?new_user=). */
export function useSendWelcomeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api(invitationsEndpoints.sendWelcomeEmail, { query: { new_user: userId } }, { background: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.pending }),
  });
}

/** E-mail a pending invitation again with a new link. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api(invitationsEndpoints.resend, { body: { invitation_id: invitationId } }, { background: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.pending }),
  });
}

/**
 * A champion's changes to a member (issue 28). Background: each dialog or row shows its own
 * refusal (the last champion, yourself). Every section of the dashboard is asked again after one,
 * since a deactivated member leaves the figures.
 */
function useMemberChange<I>(change: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}

export const useChangeRole = () =>
  useMemberChange(({ userId, role }: { userId: string; role: MemberRole }) =>
    api(membersEndpoints.changeRole, { params: { userId }, body: { role } }, { background: true }),
  );

export const useDeactivateMember = () =>
  useMemberChange((userId: string) => api(membersEndpoints.deactivate, { params: { userId } }, { background: true }));

export const useReactivateMember = () =>
  useMemberChange((userId: string) => api(membersEndpoints.reactivate, { params: { userId } }, { background: true }));

export const useHandOver = () =>
  useMemberChange(({ userId, toUserId }: { userId: string; toUserId: string }) =>
    api(membersEndpoints.handover, { params: { userId }, body: { to_user_id: toUserId } }, { background: true }),
  );

/** What a handover of the member's work would move, read when its dialog opens. */
export function useHoldings(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'holdings', userId] as const,
    queryFn: ({ signal }) => api(membersEndpoints.holdings, { params: { userId } }, { signal, background: true }),
    enabled,
    staleTime: 0,
  });
}

/** Withdraw a pending invitation: its link then says so. */
export const useRevokeInvitation = () =>
  useMemberChange((invitationId: string) => api(membersEndpoints.revokeInvitation, { params: { invitationId } }, { background: true }));
