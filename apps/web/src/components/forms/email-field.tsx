import { TextField, type TextFieldProps } from '../ui/text-field';

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'spellCheck'>;

/** A required e-mail address input named `email`: the e-mail keyboard, autofill, and no spell checking. */
export function EmailField(props: EmailFieldProps) {
  return <TextField name="email" type="email" autoComplete="email" inputMode="email" spellCheck={false} required {...props} />;
}
