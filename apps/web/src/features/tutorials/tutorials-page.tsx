import { MESSAGES, type TutorialSummary } from '@verity/shared';
import { ChevronRight, Clock, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListSearch } from '../../components/list-search';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/list-states';
import { useTutorials } from './api';

/** The longest search typed: a few words find a tutorial. */
const SEARCH_MAX_LENGTH = 100;

/** Whether every word typed is in the tutorial's title, summary or section headings. */
export function matchesSearch(tutorial: TutorialSummary, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [tutorial.title, tutorial.summary, ...tutorial.sections].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** /tutorials: the guides to each tool and the library, in order, searchable. */
export function TutorialsPage() {
  const tutorials = useTutorials();
  const [search, setSearch] = useState('');
  const shown = (tutorials.data ?? []).filter((tutorial) => matchesSearch(tutorial, search));

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <GraduationCap aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Tutorials & Documentation</h1>
          <p className="mt-2 max-w-prose text-slate-600">
            How to ask good questions, turn a meeting into minutes, read a policy review and find your way around the library.
          </p>
        </div>
      </header>

      {tutorials.isError ? (
        <ListLoadFailed className="mt-8" message={MESSAGES.tutorialsLoadFailed} onRetry={() => void tutorials.refetch()} />
      ) : tutorials.isPending ? (
        <ListLoading message="Loading tutorials…" />
      ) : (
        <>
          <ListSearch
            className="mt-8 max-w-md"
            value={search}
            onChange={setSearch}
            maxLength={SEARCH_MAX_LENGTH}
            label="Search tutorials"
            placeholder="Search tutorials"
            searching={false}
            announcement={search ? `${shown.length} ${shown.length === 1 ? 'tutorial' : 'tutorials'} found` : ''}
          />
          {shown.length === 0 ? (
            <ListEmpty className="mt-6 py-6" title={search ? `No tutorial matches "${search}"` : 'There are no tutorials yet'}>
              {search ? 'Try fewer or other words.' : null}
            </ListEmpty>
          ) : (
            <ol aria-label="Tutorials" className="mt-6 space-y-3">
              {shown.map((tutorial) => (
                <li key={tutorial.id}>
                  <Link
                    to={`/tutorials/${tutorial.slug}`}
                    className="focus-ring group flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 transition-colors hover:border-brand-300 hover:bg-brand-50"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{tutorial.title}</span>
                      <span className="mt-1 block text-slate-600 text-sm">{tutorial.summary}</span>
                      <span className="mt-2 flex items-center gap-1 text-slate-500 text-xs">
                        <Clock aria-hidden="true" className="size-3.5" />
                        {tutorial.minutes} min read
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 group-hover:text-brand-700" />
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}
