import { TextField } from './ui/text-field';
import type { FieldErrors } from '../lib/form-errors';

/** One free-text detail of a record as a form asks for it (a library document's code, a data-library document's tags). */
export interface DetailField<F extends string> {
  name: F;
  label: string;
  max: number;
  hint?: string;
  /** Shown while empty: what is used when it is left blank. */
  placeholder?: string;
  required?: boolean;
  /** Takes the whole row of the two-column grid. */
  wide?: boolean;
}

/** Text fields for a record's details, for a two-column grid (a wide one takes the whole row). */
export function DetailFields<F extends string>({
  fields,
  values,
  onChange,
  errors,
}: {
  fields: readonly DetailField<F>[];
  values: Record<F, string>;
  onChange: (field: F, value: string) => void;
  errors: FieldErrors<string>;
}) {
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          required={field.required}
          value={values[field.name]}
          onChange={(event) => onChange(field.name, event.target.value)}
          maxLength={field.max}
          hint={field.hint}
          placeholder={field.placeholder}
          error={errors[field.name]}
          className={field.wide ? 'sm:col-span-2' : undefined}
        />
      ))}
    </>
  );
}
