import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back from a record's page to the list it came from ("All reviews"), above its title; at least 24 px tall to touch. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="focus-ring inline-flex min-h-6 items-center gap-1 rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
