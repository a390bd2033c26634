import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFormFields } from './use-form-fields';

function NameForm() {
  const { values, fieldErrors, setFieldErrors, handleChange } = useFormFields({ firstname: 'Amara', surname: '' });
  return (
    <form>
      <input aria-label="First name" name="firstname" value={values.firstname} onChange={handleChange} />
      <input aria-label="Surname" name="surname" value={values.surname} onChange={handleChange} />
      <button type="button" onClick={() => setFieldErrors({ firstname: 'Too short', surname: 'Required' })}>
        Check
      </button>
      <output>{JSON.stringify(fieldErrors)}</output>
    </form>
  );
}

describe('useFormFields', () => {
  it("stores what is typed and clears only that field's error", async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.type(screen.getByLabelText('Surname'), 'Okafor');

    expect((screen.getByLabelText('Surname') as HTMLInputElement).value).toBe('Okafor');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Amara');
    expect(JSON.parse(screen.getByRole('status').textContent ?? '{}')).toEqual({ firstname: 'Too short' });
  });
});
