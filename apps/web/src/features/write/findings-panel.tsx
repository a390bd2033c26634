import type { WriteFindings, WriteReference } from '@verity/shared';
import { ArrowRight, BookOpen, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { dueText } from './items';

function wikiPath(documentId: string): string {
  return `/wiki/${encodeURIComponent(documentId)}`;
}

function PanelSection({ title, icon: Icon, children }: { title: string; icon: typeof BookOpen; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-4 text-slate-600" />
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ItemButton({
  item,
  selected,
  onSelect,
  children,
}: {
  item: string;
  selected: boolean;
  onSelect: (item: string) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(item)}
      className={cn(
        'focus-ring -mx-2 block w-[calc(100%+1rem)] rounded-lg px-2 py-1.5 text-left text-sm transition-colors',
        selected ? 'bg-amber-50 ring-1 ring-amber-300' : 'hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

export interface ItemsListProps {
  findings: WriteFindings;
  selectedItem: string | null;
  onSelect: (item: string) => void;
}

/** The decisions and actions found in the transcript; choosing one shows the lines it was taken from. */
export function ItemsList({ findings, selectedItem, onSelect }: ItemsListProps) {
  const { decisions, actions } = findings;
  return (
    <PanelSection title="Decisions and actions" icon={ListChecks}>
      {decisions.length === 0 && actions.length === 0 ? (
        <p className="text-slate-600 text-sm">No decisions or actions were found in the transcript.</p>
      ) : (
        <div className="space-y-4">
          {decisions.length > 0 && (
            <div>
              <h3 className="font-medium text-slate-600 text-xs uppercase tracking-wide">Decisions</h3>
              <ul className="mt-1.5 space-y-0.5">
                {decisions.map((decision) => (
                  <li key={decision.id}>
                    <ItemButton item={decision.id} selected={selectedItem === decision.id} onSelect={onSelect}>
                      <span className="text-slate-900">{decision.text}</span>
                    </ItemButton>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {actions.length > 0 && (
            <div>
              <h3 className="font-medium text-slate-600 text-xs uppercase tracking-wide">Actions</h3>
              <ul className="mt-1.5 space-y-0.5">
                {actions.map((action) => {
                  const due = dueText(action);
                  return (
                    <li key={action.id}>
                      <ItemButton item={action.id} selected={selectedItem === action.id} onSelect={onSelect}>
                        <span className="block text-slate-900">{action.action}</span>
                        <span className="mt-0.5 block text-slate-600 text-xs">
                          {action.owner}
                          {due && ` · due ${due}`}
                        </span>
                      </ItemButton>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      )}
    </PanelSection>
  );
}

function ReferenceEntry({ reference }: { reference: WriteReference }) {
  const said = reference.mentions.filter((mention) => mention.said.toLowerCase() !== reference.code.toLowerCase());
  return (
    <li className="text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        {reference.document_id ? (
          <Link
            to={wikiPath(reference.document_id)}
            className="focus-ring inline-flex min-h-6 items-center rounded-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            {reference.code}
          </Link>
        ) : (
          <span className="font-semibold text-slate-900">{reference.code}</span>
        )}
        {reference.status === 'superseded' && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">Superseded</span>
        )}
      </p>
      <p className="text-slate-700">{reference.title}</p>
      {reference.superseded_by && (
        <p className="mt-0.5 flex items-center gap-1 text-slate-700 text-xs">
          <ArrowRight aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            Replaced by{' '}
            <Link
              to={wikiPath(reference.superseded_by.id)}
              className="focus-ring rounded-sm font-medium text-brand-800 underline underline-offset-2"
            >
              {reference.superseded_by.code}
            </Link>{' '}
            {reference.superseded_by.title}
          </span>
        </p>
      )}
      {said.length > 0 && (
        <p className="mt-0.5 text-slate-500 text-xs">
          Said as {said.map((mention) => `“${mention.said}” (line ${mention.line})`).join(', ')}
        </p>
      )}
    </li>
  );
}

/** The library documents the meeting discussed, linked to the Regulatory Wiki; superseded ones name their replacement. */
export function ReferencesList({ references }: { references: readonly WriteReference[] }) {
  return (
    <PanelSection title="Regulatory references" icon={BookOpen}>
      {references.length === 0 ? (
        <p className="text-slate-600 text-sm">No library documents were mentioned in the meeting.</p>
      ) : (
        <ul className="space-y-3">
          {references.map((reference) => (
            <ReferenceEntry key={reference.code} reference={reference} />
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
