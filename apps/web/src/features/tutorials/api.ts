import { tutorialsEndpoints } from '@verity/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The tutorials' reads. A failure is shown on the page (refresh, else contact support), never as the global dialog. */
export const tutorialsKeys = {
  list: ['tutorials'] as const,
  one: (slug: string) => ['tutorials', slug] as const,
};

export function useTutorials() {
  return useQuery({
    queryKey: tutorialsKeys.list,
    queryFn: ({ signal }) => api(tutorialsEndpoints.list, {}, { signal, background: true }),
    select: (data) => data.tutorials,
  });
}

export function useTutorial(slug: string) {
  return useQuery({
    queryKey: tutorialsKeys.one(slug),
    queryFn: ({ signal }) => api(tutorialsEndpoints.tutorial, { params: { id: slug } }, { signal, background: true }),
  });
}
