import { type FormEvent, useState } from 'react';
import { focusFirstInvalid } from '../lib/focus-first-invalid';
import { type FieldErrors, issuesToFieldErrors } from '../lib/form-errors';
import { lazyModule } from './use-lazy-module';

/** What checking a form's values gives: the data to send, or the messages to show on the fields. */
export type FormCheck<F extends string, T> = { data: T } | { fieldErrors: FieldErrors<F> };

/** The part of a zod `safeParse` result this module reads; structural so the web app needs no zod import. */
type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** The part of a zod schema checking reads. */
interface Parser<T> {
  safeParse: (value: unknown) => ParseResult<T>;
}

/** The contract's form schemas (lib/form-schemas.ts), loaded with zod on a form's first check, not with its page. */
const formSchemas = lazyModule(() => import('../lib/form-schemas'));
type FormSchemas = Awaited<ReturnType<typeof formSchemas.load>>;

/** What one of the form schemas makes of a value, once its code is there. */
export async function parseWith<T>(pick: (schemas: FormSchemas) => Parser<T>, value: unknown): Promise<ParseResult<T>> {
  return pick(await formSchemas.load()).safeParse(value);
}

/**
 * Fetches the form schemas when someone first types in a form (its `onInput`), so that its first
 * check seldom waits for them. Not when the page loads, nor when the browser is idle: zod's code
 * and the schemas are one long task, which a page shown to someone who never fills its form (the
 * dashboard's invitation) should not pay for.
 */
export function preloadFormSchemas(): void {
  formSchemas.load().catch(() => {});
}

/** A `schema.safeParse` result as a FormCheck: the parsed data, or the first message for each field. */
export function checkParsed<F extends string, T>(parsed: ParseResult<T>): FormCheck<F, T> {
  return parsed.success ? { data: parsed.data } : { fieldErrors: issuesToFieldErrors<F>(parsed.error.issues) };
}

/** A FormCheck from messages worked out by hand: the data when there are none. */
export function checkFieldErrors<F extends string, T>(fieldErrors: FieldErrors<F>, data: T): FormCheck<F, T> {
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { data };
}

/** Where a failed send's messages go: on fields, and/or one form-level message (a string unless the form says otherwise). */
export interface FormFailure<F extends string, M> {
  fieldErrors: FieldErrors<F>;
  formError?: M;
}

export interface FormSubmitOptions<F extends string, T, R, M> {
  /** Checks the current values before anything is sent (may wait for its schema's code to load). */
  check: () => FormCheck<F, T> | Promise<FormCheck<F, T>>;
  /** The form's field errors (from useFormFields). */
  setFieldErrors: (fieldErrors: FieldErrors<F>) => void;
  send: (data: T) => Promise<R>;
  /** The messages for a failed send; undefined when the page shows the failure some other way. */
  failure: (error: unknown) => FormFailure<F, M> | undefined;
  onSuccess?: (result: R, data: T) => void;
}

export interface FormSubmit<M> {
  /** The form-level message of the last failed send; cleared when the form is submitted again. */
  formError: M | null;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * The submit of a form of fields: check the values, and show what is wrong on the fields without
 * sending anything; otherwise send, and on a failure place the messages on the fields and/or the
 * form. Either way focus moves to the first invalid field.
 */
export function useFormSubmit<F extends string, T, R, M = string>({
  check,
  setFieldErrors,
  send,
  failure,
  onSuccess,
}: FormSubmitOptions<F, T, R, M>): FormSubmit<M> {
  const [formError, setFormError] = useState<M | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const checked = await check();
    if ('fieldErrors' in checked) {
      setFieldErrors(checked.fieldErrors);
      focusFirstInvalid(form);
      return;
    }
    setFieldErrors({});
    let result: R;
    try {
      result = await send(checked.data);
    } catch (error) {
      const failed = failure(error);
      if (failed === undefined) return;
      setFieldErrors(failed.fieldErrors);
      focusFirstInvalid(form);
      setFormError(failed.formError ?? null);
      return;
    }
    onSuccess?.(result, checked.data);
  };

  return { formError, handleSubmit };
}
