import type { ReactNode } from 'react';

export interface ProfileSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card on the profile pages. */
export function ProfileSection({ title, description, children }: ProfileSectionProps) {
  const headingId = `profile-section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <header className="mb-5 space-y-1">
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          {title}
        </h2>
        {description && <p className="text-pretty text-slate-600 text-sm leading-6">{description}</p>}
      </header>
      {children}
    </section>
  );
}
