import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import { TextField } from '../ui/text-field';

/** The sign-up API calls the first name `first_name`; the profile API calls it `firstname`. */
type FirstNameField = 'first_name' | 'firstname';

export interface PersonNameFieldsProps<N extends FirstNameField> {
  /** The input name of the first name, as the form's API spells it. */
  firstNameField: N;
  values: Record<N | 'surname' | 'job_title', string>;
  errors: FieldErrors<N | 'surname' | 'job_title'>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** First name and surname side by side, then job title: how a person is named on sign-up and on their profile. */
export function PersonNameFields<N extends FirstNameField>({ firstNameField, values, errors, onChange }: PersonNameFieldsProps<N>) {
  const field = (name: N | 'surname' | 'job_title') => ({ name, value: values[name], onChange, error: errors[name] });
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...field(firstNameField)} />
        <TextField label="Surname" autoComplete="family-name" required {...field('surname')} />
      </div>
      <TextField label="Job title" autoComplete="organization-title" required {...field('job_title')} />
    </>
  );
}
