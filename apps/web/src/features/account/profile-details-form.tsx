import { MESSAGES, type UpdateProfileInput, type User } from '@verity/shared';
import { PersonNameFields } from '../../components/forms/person-name-fields';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { useFormFields } from '../../hooks/use-form-fields';
import { checkParsed, parseWith, useFormSubmit, preloadFormSchemas } from '../../hooks/use-form-submit';
import { submitErrors } from '../../lib/form-errors';
import { useUpdateProfile } from './api';
import { ProfileSection } from './profile-section';

type ProfileField = keyof UpdateProfileInput;

const FIELDS: readonly ProfileField[] = ['firstname', 'surname', 'job_title'];

export interface ProfileDetailsFormProps {
  user: User;
}

function valuesOf(user: User): UpdateProfileInput {
  return { firstname: user.firstname, surname: user.surname, job_title: user.job_title };
}

export function ProfileDetailsForm({ user }: ProfileDetailsFormProps) {
  const update = useUpdateProfile();
  const { values, setValues, fieldErrors, setFieldErrors, handleChange } = useFormFields<UpdateProfileInput>(() => valuesOf(user));

  const saved = valuesOf(user);
  const changed = FIELDS.some((field) => values[field] !== saved[field]);

  const { formError, handleSubmit } = useFormSubmit({
    check: async () => checkParsed<ProfileField, UpdateProfileInput>(await parseWith((schemas) => schemas.updateProfileSchema, values)),
    setFieldErrors,
    send: (data) => update.mutateAsync(data),
    failure: (error) => submitErrors(error, FIELDS, MESSAGES.profileUpdateFailed),
    onSuccess: (updated) => {
      setValues(valuesOf(updated));
      toast.success('Profile updated');
    },
  });

  return (
    <ProfileSection title="Your details" description="Keep your name and job title up to date so colleagues can recognise you.">
      <form onInput={preloadFormSchemas} noValidate onSubmit={handleSubmit} className="space-y-5" aria-label="Your details">
        {formError && <Alert>{formError}</Alert>}
        <PersonNameFields firstNameField="firstname" values={values} errors={fieldErrors} onChange={handleChange} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            readOnly
            value={user.email}
            hint="You sign in with this address. To change it, contact support."
            className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
          />
          {/* A profile stored by an older version may lack the organisation. */}
          {user.organisation?.name && (
            <TextField
              label="Organisation"
              name="organisation"
              readOnly
              value={user.organisation.name}
              className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
            />
          )}
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save changes
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
