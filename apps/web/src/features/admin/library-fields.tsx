import { useId } from 'react';
import { TextField } from '../../components/ui/text-field';
import type { FieldErrors } from '../../lib/form-errors';
import { useFilterData } from '../../lib/filter-data';

/** The details a library document is filed under, as the upload and edit forms both ask for them. */
export const TAG_FIELDS = ['category', 'domain', 'subdomain'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

const TAG_LABELS: Record<TagField, string> = { category: 'Category', domain: 'Domain', subdomain: 'Subdomain' };
const TAG_MAX: Record<TagField, number> = { category: 100, domain: 100, subdomain: 200 };

/** The values the library already uses for each tag, sorted, to offer while typing. */
export function useTagSuggestions(): Record<TagField, string[]> {
  const references = useFilterData().data?.references ?? [];
  const sorted = (field: TagField) => [...new Set(references.map((reference) => reference.tags[field]))].sort((a, b) => a.localeCompare(b));
  return { category: sorted('category'), domain: sorted('domain'), subdomain: sorted('subdomain') };
}

/** Category, domain and subdomain, each offering the values in use. */
export function TagFields({
  values,
  onChange,
  errors,
}: {
  values: Record<TagField, string>;
  onChange: (field: TagField, value: string) => void;
  errors: FieldErrors<string>;
}) {
  const suggestions = useTagSuggestions();
  const listId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {TAG_FIELDS.map((field) => (
        <div key={field}>
          <TextField
            label={TAG_LABELS[field]}
            name={field}
            required
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            maxLength={TAG_MAX[field]}
            list={`${listId}-${field}`}
            autoComplete="off"
            error={errors[field]}
          />
          <datalist id={`${listId}-${field}`}>
            {suggestions[field].map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </div>
      ))}
    </div>
  );
}

/** A tag left blank: the message the form shows before sending. */
export function missingTags(values: Record<TagField, string>): FieldErrors<TagField> {
  const errors: FieldErrors<TagField> = {};
  for (const field of TAG_FIELDS) if (values[field].trim() === '') errors[field] = `${TAG_LABELS[field]} is required`;
  return errors;
}
