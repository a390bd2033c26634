// The sign-in form's schema, loaded when the form is first checked: it is built with zod, which
// the sign-in page otherwise does without (the browser bundle's contract is routes only).
export { loginSchema } from '@verity/shared';
