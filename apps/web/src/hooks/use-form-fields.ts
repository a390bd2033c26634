import { type ChangeEvent, type Dispatch, type SetStateAction, useState } from 'react';
import type { FieldErrors } from '../lib/form-errors';

export interface FormFields<V extends Record<string, string>> {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  fieldErrors: FieldErrors<Extract<keyof V, string>>;
  setFieldErrors: Dispatch<SetStateAction<FieldErrors<Extract<keyof V, string>>>>;
  /** For every input whose `name` is one of the fields: stores its value and clears its error. */
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The values and inline errors of a form of text inputs. A field's message goes away as soon as
 * the user edits that field, so nobody is told off about something they are already fixing.
 */
export function useFormFields<V extends Record<string, string>>(initial: V | (() => V)): FormFields<V> {
  type Field = Extract<keyof V, string>;
  const [values, setValues] = useState<V>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as Field;
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  return { values, setValues, fieldErrors, setFieldErrors, handleChange };
}
