import { Mail } from 'lucide-react';
import { useChampions } from '../lib/champions';
import { cn } from '../lib/cn';

/**
 * Who to ask for access: the organisation's champions by name, each with a link to e-mail them.
 * Says nothing while loading or when the organisation has none (the sentence around it still reads).
 */
export function ChampionContact({ className }: { className?: string }) {
  const { data } = useChampions();
  const champions = data?.champions ?? [];
  if (champions.length === 0) return null;
  return (
    <div className={cn('rounded-md border border-slate-200 bg-slate-50 p-3 text-sm', className)}>
      <p className="font-medium text-slate-900">{champions.length === 1 ? 'Your champion' : 'Your champions'}</p>
      <ul className="mt-1 space-y-1" aria-label={champions.length === 1 ? 'Your champion' : 'Your champions'}>
        {champions.map((champion) => (
          <li key={champion.email} className="flex flex-wrap items-center gap-x-2 text-slate-700">
            <span>{champion.name}</span>
            <a
              href={`mailto:${champion.email}`}
              className="focus-ring inline-flex min-h-6 items-center gap-1 rounded break-all font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <Mail aria-hidden="true" className="size-3.5 shrink-0" />
              {champion.email}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
