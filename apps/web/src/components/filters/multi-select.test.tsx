import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FilterOption } from './document-filters';
import { MultiSelect } from './multi-select';
import { MultiSelectPopover } from './multi-select-popover';

/** A picker that keeps its own selection, between two other controls, as on the wiki. */
function Picker({ values }: { values: readonly string[] }) {
  const [selected, setSelected] = useState<readonly string[]>([]);
  const options: FilterOption[] = values.map((value) => ({ value, count: 2, selected: selected.includes(value) }));
  return (
    <div>
      <button type="button">Before</button>
      <MultiSelect
        label="Domain"
        options={options}
        onToggle={(value) => setSelected((current) => (current.includes(value) ? current.filter((v) => v !== value) : [...current, value]))}
      />
      <button type="button">After</button>
    </div>
  );
}

const FEW = ['HTM', 'HBN', 'Legislation'];
const MANY = ['HTM 00', 'HTM 01', 'HTM 02', 'HTM 03', 'HTM 04 Water', 'HTM 05', 'HTM 06', 'HTM 07'];

function setup(values: readonly string[] = FEW) {
  const user = userEvent.setup();
  render(<Picker values={values} />);
  return { user, button: screen.getByRole('button', { name: 'Domain' }) };
}

describe('MultiSelect', () => {
  it('opens a panel of checkboxes on click, focusing the first, and closes on a second click', async () => {
    const { user, button } = setup();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('dialog', { name: 'Domain' });
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByRole('group', { name: 'Domain' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'HTM (2 documents)',
      'HBN (2 documents)',
      'Legislation (2 documents)',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'HTM (2 documents)' }));

    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses options and shows how many are chosen on the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole('checkbox', { name: 'HBN (2 documents)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Legislation (2 documents)' }));
    expect(screen.getByRole('checkbox', { name: 'HBN (2 documents)' })).toHaveProperty('checked', true);
    // The panel stays open while choosing.
    expect(screen.getByRole('dialog', { name: 'Domain' })).toBeTruthy();
    expect(button.textContent).toBe('Domain2 selected');

    await user.click(screen.getByRole('checkbox', { name: 'HBN (2 documents)' }));
    expect(button.textContent).toBe('Domain1 selected');
  });

  it('works from the keyboard: Enter opens, Space chooses, Escape closes and focus returns to the button', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'HTM (2 documents)' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'HBN (2 documents)' }));
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'HBN (2 documents)' })).toHaveProperty('checked', true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('Domain1 selected');
  });

  it('closes when focus leaves it with Tab or a click lands outside, leaving focus where it went', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole('checkbox', { name: 'Legislation (2 documents)' }));
    await user.tab();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));

    // Shift+Tab from the first option goes back to the button, and the panel stays open.
    await user.click(button);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('dialog', { name: 'Domain' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
  });

  it('offers a find box in a long list, focused on opening, and starts it empty each time', async () => {
    const { user, button } = setup(MANY);
    await user.click(button);
    const find = screen.getByRole('searchbox', { name: 'Find a domain' });
    expect(document.activeElement).toBe(find);
    await user.type(find, 'water');
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['HTM 04 Water (2 documents)']);
    await user.clear(find);
    await user.type(find, 'nothing');
    expect(screen.getByText('No domain matches “nothing”.')).toBeTruthy();

    await user.keyboard('{Escape}');
    await user.click(button);
    expect(screen.getByRole('searchbox', { name: 'Find a domain' })).toHaveProperty('value', '');
    expect(screen.getAllByRole('checkbox')).toHaveLength(MANY.length);
  });

  it('does not open while disabled', async () => {
    const user = userEvent.setup();
    render(<MultiSelect label="Category" options={[]} onToggle={() => {}} disabled />);
    await user.click(screen.getByRole('button', { name: 'Category' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('MultiSelectPopover taking over from the light button', () => {
  const options: FilterOption[] = FEW.map((value) => ({ value, count: 2, selected: false }));

  it('opens at once when the button was used before Radix loaded', () => {
    render(<MultiSelectPopover label="Domain" options={options} onToggle={() => {}} initialOpen focusTrigger />);
    expect(screen.getByRole('dialog', { name: 'Domain' })).toBeTruthy();
  });

  it('takes the focus the light button had', () => {
    render(<MultiSelectPopover label="Domain" options={options} onToggle={() => {}} focusTrigger />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Domain' }));
  });
});
