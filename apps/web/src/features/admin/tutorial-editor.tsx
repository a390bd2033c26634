import {
  type AdminTutorial,
  type AdminTutorialsResponse,
  TUTORIAL_BODY_MAX,
  TUTORIAL_SUMMARY_MAX,
  TUTORIAL_TITLE_MAX,
  type UpdateTutorialInput,
} from '@verity/shared';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MarkdownBody } from '../../components/markdown-body';
import { PanelSection } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { type FieldErrors, submitErrors } from '../../lib/form-errors';
import { formatNumber } from '../../lib/format-number';
import { useCreateTutorial, useUpdateTutorial } from './api';

const FIELDS = ['title', 'slug', 'summary', 'video_url', 'body'] as const;
type Field = (typeof FIELDS)[number];

function valuesOf(tutorial: AdminTutorial | null) {
  return {
    title: tutorial?.title ?? '',
    slug: tutorial?.slug ?? '',
    summary: tutorial?.summary ?? '',
    video_url: tutorial?.video_url ?? '',
    body: tutorial?.body ?? '',
    published: tutorial?.published ?? false,
  };
}
type Values = ReturnType<typeof valuesOf>;

/** What a save sends: for an existing tutorial only what differs from it; blank optional fields left out. */
export function tutorialChange(tutorial: AdminTutorial | null, values: Values): UpdateTutorialInput {
  const stored = valuesOf(tutorial);
  const change: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = values[field].trim();
    if (tutorial && value === stored[field]) continue;
    // A new tutorial leaves out what is blank (its address is then made from the title).
    if (!tutorial && value === '') continue;
    change[field] = field === 'video_url' && value === '' ? null : value;
  }
  if (!tutorial || values.published !== stored.published) change.published = values.published;
  return change as UpdateTutorialInput;
}

/**
 * Write or change a tutorial: its Markdown beside a preview drawn exactly as readers will see it,
 * with the pictures of Verity's pages that this installation has taken.
 */
export function TutorialEditor({
  tutorial,
  screenshots,
  onDone,
}: {
  tutorial: AdminTutorial | null;
  screenshots: AdminTutorialsResponse['available_screenshots'];
  onDone: () => void;
}) {
  const create = useCreateTutorial();
  const update = useUpdateTutorial();
  const [values, setValues] = useState<Values>(() => valuesOf(tutorial));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const bodyId = useId();
  const summaryId = useId();
  const pending = create.isPending || update.isPending;
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const missing: FieldErrors<Field> = {};
    if (values.title.trim() === '') missing.title = 'Title is required';
    if (values.summary.trim() === '') missing.summary = 'Summary is required';
    if (values.body.trim() === '') missing.body = 'The text is required';
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    const change = tutorialChange(tutorial, values);
    try {
      if (tutorial) {
        if (Object.keys(change).length > 0) await update.mutateAsync({ id: tutorial.id, change });
        toast.success(`${values.title.trim()} saved`);
      } else {
        const created = await create.mutateAsync({ ...change, title: values.title, summary: values.summary, body: values.body });
        toast.success(created.published ? `${created.title} is published` : `${created.title} saved as a draft`);
      }
      onDone();
    } catch (cause) {
      const shown = submitErrors(cause, FIELDS, 'The tutorial could not be saved.');
      setErrors(shown.fieldErrors);
      setFormError(shown.formError ?? null);
    }
  };

  return (
    <PanelSection
      title={tutorial ? `Edit “${tutorial.title}”` : 'New tutorial'}
      description="Markdown: ## for a section, **bold**, *italics*, lists, tables and links to Verity’s pages or https addresses. No HTML."
      actions={
        <Button variant="ghost" size="sm" onClick={onDone}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All tutorials
        </Button>
      }
    >
      <form onSubmit={submit} noValidate aria-label={tutorial ? `Edit ${tutorial.title}` : 'New tutorial'} className="space-y-4">
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label="Title"
            name="title"
            required
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            maxLength={TUTORIAL_TITLE_MAX}
            error={errors.title}
          />
          <TextField
            label="Address"
            name="slug"
            value={values.slug}
            onChange={(event) => set('slug', event.target.value)}
            maxLength={80}
            hint={tutorial ? `/tutorials/${values.slug || tutorial.slug}` : 'Left blank, made from the title'}
            error={errors.slug}
          />
          <div className="flex flex-col gap-1.5 md:col-span-2">
            <label htmlFor={summaryId} className="font-medium text-slate-800 text-sm">
              Summary
            </label>
            <textarea
              id={summaryId}
              value={values.summary}
              onChange={(event) => set('summary', event.target.value)}
              maxLength={TUTORIAL_SUMMARY_MAX}
              rows={2}
              aria-invalid={errors.summary ? true : undefined}
              aria-describedby={errors.summary ? `${summaryId}-error` : undefined}
              className="focus-ring w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm"
            />
            {errors.summary && (
              <p id={`${summaryId}-error`} className="text-red-700 text-sm">
                {errors.summary}
              </p>
            )}
          </div>
          <TextField
            label="Video (optional)"
            name="video_url"
            type="url"
            value={values.video_url}
            onChange={(event) => set('video_url', event.target.value)}
            maxLength={500}
            placeholder="https://"
            error={errors.video_url}
            className="md:col-span-2"
          />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={bodyId} className="font-medium text-slate-800 text-sm">
              Text
            </label>
            <textarea
              id={bodyId}
              value={values.body}
              onChange={(event) => set('body', event.target.value)}
              maxLength={TUTORIAL_BODY_MAX}
              rows={24}
              spellCheck
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={`${bodyId}-hint${errors.body ? ` ${bodyId}-error` : ''}`}
              className="focus-ring min-h-96 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-slate-900 text-sm leading-6"
            />
            {errors.body && (
              <p id={`${bodyId}-error`} className="text-red-700 text-sm">
                {errors.body}
              </p>
            )}
            <p id={`${bodyId}-hint`} className="text-slate-500 text-xs">
              {formatNumber(values.body.length)} of {formatNumber(TUTORIAL_BODY_MAX)} characters.
              {screenshots.length > 0 &&
                ` A picture of a page on a line of its own: ![what it shows](screenshot:name), with name one of ${screenshots
                  .map((shot) => shot.name)
                  .join(', ')}.`}
            </p>
          </div>
          <section aria-label="Preview" className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <h3 className="font-semibold text-slate-500 text-xs uppercase tracking-wide">Preview</h3>
            <h4 className="mt-2 font-semibold text-slate-900 text-xl">{values.title || 'Untitled'}</h4>
            {values.summary && <p className="mt-1 text-slate-600">{values.summary}</p>}
            <div className="mt-4">
              {values.body.trim() === '' ? (
                <p className="text-slate-500 text-sm">The text appears here as readers will see it.</p>
              ) : (
                <MarkdownBody markdown={values.body} screenshots={screenshots} />
              )}
            </div>
          </section>
        </div>
        <label className="flex items-center gap-2 text-slate-800 text-sm">
          <input
            type="checkbox"
            checked={values.published}
            onChange={(event) => setValues((current) => ({ ...current, published: event.target.checked }))}
            className="size-4"
          />
          Published: readers see it under Tutorials
        </label>
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={pending}>
            {tutorial ? 'Save changes' : 'Save tutorial'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </PanelSection>
  );
}
