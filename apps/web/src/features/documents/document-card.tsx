import type { DocumentReference } from '@verity/shared';
import { GitCompareArrows } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { wikiReturnState } from '../../lib/return-to';
import { useCompareStore } from './compare-store';
import { useFavourites, useSetFavourite } from './api';
import { FavouriteStar } from './favourite-button';

export function documentHref(reference: DocumentReference, elementId?: string): string {
  const base = `/wiki/${encodeURIComponent(reference.short_id)}`;
  return elementId ? `${base}?${new URLSearchParams({ element_ids: elementId }).toString()}` : base;
}

export function StatusBadge({ reference }: { reference: DocumentReference }) {
  if (reference.status !== 'superseded') return null;
  return (
    <span className="inline-flex items-center rounded-full border border-slate-300 bg-slate-100 px-2 font-semibold text-slate-700 text-xs leading-5">
      Superseded
    </span>
  );
}

export function TagList({ reference }: { reference: DocumentReference }) {
  const { category, domain, subdomain } = reference.tags;
  const tags = [
    { label: 'Category', value: category },
    { label: 'Domain', value: domain },
    { label: 'Subdomain', value: subdomain },
  ].filter((tag) => tag.value);
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag.label} className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-700 text-xs">
          <span className="sr-only">{tag.label}: </span>
          {tag.value}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the cards of a list share: the favourites, the compare list and the way back to the list,
 * read once by the list rather than once by each card (a card's own query and store subscriptions
 * were most of a page of cards' first render).
 */
export interface CardActions {
  /** The favourites' document ids; undefined until they are known. */
  favourites: ReadonlySet<string> | undefined;
  setFavourite: (reference: DocumentReference, like: boolean) => void;
  /** The compare list's document ids. */
  compared: ReadonlySet<string>;
  toggleCompare: (reference: DocumentReference) => void;
  /** Router state for a link to a document, so its reader can lead back to this list. */
  returnState: ReturnType<typeof wikiReturnState>;
}

export function useCardActions(): CardActions {
  const favourites = useFavourites();
  const { mutate } = useSetFavourite();
  const items = useCompareStore((s) => s.items);
  const toggle = useCompareStore((s) => s.toggle);
  const { pathname, search } = useLocation();
  return useMemo(
    () => ({
      favourites: favourites.data ? new Set(favourites.data.map((favourite) => favourite.short_id)) : undefined,
      setFavourite: (reference, like) => mutate({ reference, like }),
      compared: new Set(items.map((item) => item.short_id)),
      toggleCompare: (reference) => {
        const { replaced } = toggle(reference);
        if (replaced) toast.info(`${replaced.code} was taken out of the compare list: you can compare two documents at a time.`);
      },
      returnState: wikiReturnState(pathname, search),
    }),
    [favourites.data, mutate, items, toggle, pathname, search],
  );
}

function CompareToggle({ reference, inCompare, onToggle }: { reference: DocumentReference; inCompare: boolean; onToggle: () => void }) {
  // Each card's button is named after its document ("Add HTM 04-01 to compare"): a list of twenty
  // identical names tells a screen-reader user nothing. The visible words ("Compare", "In compare")
  // stay in the name, as speech users say them (WCAG 2.5.3).
  const label = inCompare ? `In compare: remove ${reference.code}` : `Add ${reference.code} to compare`;
  return (
    <button
      type="button"
      aria-pressed={inCompare}
      aria-label={label}
      title={label}
      onClick={onToggle}
      className={cn(
        'focus-ring inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border px-2 font-medium text-xs transition-colors',
        inCompare
          ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100'
          : 'border-slate-200 text-slate-600 hover:border-slate-300 hover:bg-slate-50',
      )}
    >
      <GitCompareArrows aria-hidden="true" className="size-4" />
      <span aria-hidden="true">{inCompare ? 'In compare' : 'Compare'}</span>
    </button>
  );
}

export interface DocumentCardProps {
  reference: DocumentReference;
  /** The list's useCardActions(). */
  actions: CardActions;
  /** Rendered under the header, e.g. search snippets. */
  children?: ReactNode;
  /** h2 by default: the cards sit straight under the page's h1 (no level skipped). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * One document: code, title, tags, edition and status, with favourite and compare toggles. The
 * title link stretches over the card so a click anywhere (or Enter on the link) opens the reader;
 * the toggles sit above it.
 */
export function DocumentCard({ reference, actions, children, headingLevel: Heading = 'h2' }: DocumentCardProps) {
  const isFavourite = actions.favourites?.has(reference.short_id) ?? false;
  return (
    <article
      className={cn(
        'group relative flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-xs transition-colors focus-within:border-brand-300 hover:border-brand-300',
        reference.status === 'superseded' ? 'border-slate-200 bg-slate-50/60' : 'border-slate-200',
      )}
    >
      <div>
        <div className="flex items-center gap-3">
          <p className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-brand-800">{reference.code}</span>
            <StatusBadge reference={reference} />
          </p>
          <div className="relative z-10 flex shrink-0 items-center gap-1">
            <CompareToggle
              reference={reference}
              inCompare={actions.compared.has(reference.short_id)}
              onToggle={() => actions.toggleCompare(reference)}
            />
            <FavouriteStar
              isFavourite={isFavourite}
              pending={actions.favourites === undefined}
              onToggle={() => actions.setFavourite(reference, !isFavourite)}
            />
          </div>
        </div>
        <Heading className="mt-1 font-semibold text-base text-slate-900 leading-snug">
          <Link
            to={documentHref(reference)}
            state={actions.returnState}
            className="focus-ring rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:text-brand-900"
          >
            {reference.title}
          </Link>
        </Heading>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <TagList reference={reference} />
        {reference.edition && <p className="text-slate-500 text-xs">Edition: {reference.edition}</p>}
      </div>
      {children && <div className="relative z-10">{children}</div>}
    </article>
  );
}
