import type { AdminTutorial, AdminTutorialsResponse } from '@verity/shared';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/form-errors';
import { useAdminTutorials, useReorderTutorials, useUpdateTutorial } from './api';
import { TutorialEditor } from './tutorial-editor';

/** The ids with the one at `from` moved to `to`. */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}

/** The product's tutorials: write one, change or publish one, and put them in order. */
export function TutorialsSection() {
  const tutorials = useAdminTutorials();
  const [editing, setEditing] = useState<AdminTutorial | 'new' | null>(null);

  if (editing !== null && tutorials.data) {
    return (
      <TutorialEditor
        tutorial={editing === 'new' ? null : editing}
        screenshots={tutorials.data.available_screenshots}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <PanelSection
      title="Tutorials"
      description="What people read under Tutorials, in this order. A draft is seen only here. A tutorial you change keeps your words when Verity is updated."
      actions={
        <Button onClick={() => setEditing('new')} disabled={!tutorials.data}>
          <Plus aria-hidden="true" className="size-4" />
          New tutorial
        </Button>
      }
    >
      <QueryContent query={tutorials} loadingMessage="Loading tutorials…" errorMessage="The tutorials could not be loaded.">
        {(data) => <TutorialList data={data} onEdit={setEditing} />}
      </QueryContent>
    </PanelSection>
  );
}

function TutorialList({ data, onEdit }: { data: AdminTutorialsResponse; onEdit: (tutorial: AdminTutorial) => void }) {
  const reorder = useReorderTutorials();
  const update = useUpdateTutorial();
  const ids = data.tutorials.map((tutorial) => tutorial.id);

  const move = async (from: number, to: number) => {
    try {
      await reorder.mutateAsync(moved(ids, from, to));
    } catch (cause) {
      toast.error(errorMessage(cause, 'The order could not be saved.'));
    }
  };
  const setPublished = async (tutorial: AdminTutorial, published: boolean) => {
    try {
      await update.mutateAsync({ id: tutorial.id, change: { published } });
      toast.success(published ? `${tutorial.title} is published` : `${tutorial.title} is now a draft`);
    } catch (cause) {
      toast.error(errorMessage(cause, 'The tutorial could not be changed.'));
    }
  };

  if (data.tutorials.length === 0) return <p className="text-slate-600 text-sm">No tutorials yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-busy={reorder.isPending}>
      {data.tutorials.map((tutorial, index) => (
        <li key={tutorial.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5 text-sm">
          <span className="w-6 text-right text-slate-500 tabular-nums">{index + 1}</span>
          <div className="min-w-0 flex-1 basis-64">
            <p className="font-medium text-slate-900">{tutorial.title}</p>
            <p className="text-slate-500 text-xs">
              {tutorial.published ? (
                <Link to={`/tutorials/${tutorial.slug}`} className="focus-ring rounded-sm text-brand-800 underline underline-offset-2">
                  /tutorials/{tutorial.slug}
                </Link>
              ) : (
                `/tutorials/${tutorial.slug}`
              )}{' '}
              · {tutorial.minutes} min · {tutorial.edited ? 'changed here' : 'Verity’s own text'}
            </p>
          </div>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 font-medium text-xs',
              tutorial.published ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
            )}
          >
            {tutorial.published ? 'Published' : 'Draft'}
          </span>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${tutorial.title} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => void move(index, index - 1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${tutorial.title} down`}
              disabled={index === data.tutorials.length - 1 || reorder.isPending}
              onClick={() => void move(index, index + 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`${tutorial.published ? 'Unpublish' : 'Publish'} ${tutorial.title}`}
              onClick={() => void setPublished(tutorial, !tutorial.published)}
            >
              {tutorial.published ? 'Unpublish' : 'Publish'}
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Edit ${tutorial.title}`} onClick={() => onEdit(tutorial)}>
              Edit
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
