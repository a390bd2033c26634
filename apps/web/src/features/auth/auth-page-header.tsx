import type { ReactNode } from 'react';
import { withUnbrokenWords } from './unbroken-words';

export interface AuthPageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** The heading block at the top of every auth card. */
export function AuthPageHeader({ title, description }: AuthPageHeaderProps) {
  return (
    <header className="mb-6 space-y-2 text-center">
      <h1 className="text-balance font-semibold text-2xl text-slate-900 tracking-tight">{withUnbrokenWords(title)}</h1>
      {description && <p className="text-pretty text-slate-600 text-sm leading-6">{description}</p>}
    </header>
  );
}
