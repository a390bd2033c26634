import { cn } from '../../lib/cn';

export type WikiView = 'documents' | 'favourites';

/** All documents or the reader's favourites (with their count once known), as two toggle buttons. */
export function ViewSwitch({
  view,
  onChange,
  favouritesCount,
}: {
  view: WikiView;
  onChange: (view: WikiView) => void;
  favouritesCount?: number;
}) {
  const options: { id: WikiView; label: string }[] = [
    { id: 'documents', label: 'All documents' },
    { id: 'favourites', label: favouritesCount === undefined ? 'Favourites' : `Favourites (${favouritesCount})` },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5">
      <legend className="sr-only">Show</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={view === option.id}
          onClick={() => onChange(option.id)}
          className={cn(
            'focus-ring h-8 rounded-md px-3 font-medium text-sm transition-colors',
            view === option.id ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
