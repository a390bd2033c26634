import { SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/** Typing pauses this long before the search is sent, so each keystroke does not cost a request. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The wiki's search box: what is typed goes to `onQuery` after a pause (at once on Enter), and a
 * query the address changes by itself (back button, a link) shows in the box.
 */
export function SearchBox({ query, onQuery }: { query: string; onQuery: (value: string) => void }) {
  const [text, setText] = useState(query);
  const written = useRef(query);

  // The URL changed by itself (back button, a link): show what it now says.
  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      setText(query);
    }
  }, [query]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      onQuery(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onQuery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    written.current = text;
    onQuery(text);
  };

  return (
    <search>
      <form onSubmit={submit} className="relative">
        <label htmlFor="wiki-search" className="sr-only">
          Search the library
        </label>
        <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-slate-400" />
        <input
          id="wiki-search"
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search codes, titles and text"
          autoComplete="off"
          className="focus-ring h-11 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-10 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            onClick={() => {
              setText('');
              written.current = '';
              onQuery('');
            }}
            aria-label="Clear search"
            className="focus-ring -translate-y-1/2 absolute top-1/2 right-2 inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </form>
    </search>
  );
}
