import type { DocumentResponse } from '@verity/shared';
import { TriangleAlert } from 'lucide-react';
import { Fragment } from 'react';
import { TextLink } from '../../../components/ui/text-link';
import { documentUrl } from './document-model';

/** Shown on a superseded edition: readers must not mistake it for current guidance. */
export function SupersededBanner({ document }: { document: DocumentResponse }) {
  if (document.status !== 'superseded') return null;
  const replacements = document.replaced_by;
  return (
    <div
      role="status"
      className="mt-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm leading-6 print:border-amber-700"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">This edition is superseded.</p>
        {replacements.length > 0 ? (
          <p>
            It has been replaced by{' '}
            {replacements.map((current, i) => (
              <Fragment key={current.id}>
                {i > 0 && (i === replacements.length - 1 ? ' and ' : ', ')}
                <TextLink to={documentUrl(current.id)} className="text-amber-950 underline hover:text-amber-900">
                  {current.code}: {current.title}
                </TextLink>
              </Fragment>
            ))}
            . Read the current {replacements.length > 1 ? 'documents' : 'document'} before relying on this one.
          </p>
        ) : (
          <p>The document that replaced it is not in your library. Check the current guidance before relying on this one.</p>
        )}
      </div>
    </div>
  );
}
