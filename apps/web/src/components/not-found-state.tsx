import { FileQuestion } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ButtonLink } from './ui/button-link';

export interface NotFoundStateProps {
  /** The page's heading: "Document not found". */
  title: string;
  /** Why it may be missing. */
  children: ReactNode;
  /** The way back, e.g. /write, and its label ("Back to Write"); none when the reader may not go there. */
  back?: { to: string; label: string };
}

/** A 404 page of one thing (a document, a review): missing, or not the reader's to see. */
export function NotFoundState({ title, children, back }: NotFoundStateProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-md px-4 py-12 text-center">
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <FileQuestion className="size-6" aria-hidden="true" />
      </span>
      <h1 id={headingId} className="font-semibold text-2xl text-slate-900">
        {title}
      </h1>
      <p className="mt-3 text-slate-700">{children}</p>
      {back && (
        <ButtonLink to={back.to} className="mt-6">
          {back.label}
        </ButtonLink>
      )}
    </section>
  );
}
