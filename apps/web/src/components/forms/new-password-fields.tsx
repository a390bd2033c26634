import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import { PASSWORD_RULES_HINT } from '../../lib/password-rules';
import { TextField } from '../ui/text-field';

export interface NewPasswordFieldsProps<P extends string, C extends string> {
  /** The input names of the password and its confirmation, as the form's API spells them. */
  names: { password: P; confirm: C };
  /** Sign-up asks for a "Password"; the other forms replace one, so they ask for a "New password". */
  labels?: { password: string; confirm: string };
  values: Record<NoInfer<P | C>, string>;
  errors: FieldErrors<NoInfer<P | C>>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

const NEW_PASSWORD_LABELS = { password: 'New password', confirm: 'Confirm new password' };

/** A new password, with the rules under it, and the same password again to confirm it. */
export function NewPasswordFields<P extends string, C extends string>({
  names,
  labels = NEW_PASSWORD_LABELS,
  values,
  errors,
  onChange,
}: NewPasswordFieldsProps<P, C>) {
  const field = (name: P | C) => ({ name, value: values[name], onChange, error: errors[name] });
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULES_HINT}
        {...field(names.password)}
      />
      <TextField label={labels.confirm} type="password" autoComplete="new-password" required {...field(names.confirm)} />
    </>
  );
}
