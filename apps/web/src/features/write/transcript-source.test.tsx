import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TranscriptSource, type TranscriptSourceKind } from './transcript-source';

function Harness({ error }: { error?: string }) {
  const [source, setSource] = useState<TranscriptSourceKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  return (
    <TranscriptSource
      source={source}
      onSourceChange={setSource}
      file={file}
      onFile={setFile}
      onReject={() => {}}
      text={text}
      onTextChange={setText}
      error={error}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('TranscriptSource', () => {
  it('shows two tabs, the file one chosen, with its panel labelled by it', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Transcript' })).toBeTruthy();
    expect(tab('Upload a file').getAttribute('aria-selected')).toBe('true');
    expect(tab('Paste text').getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Upload a file').id);
    expect(tab('Upload a file').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByLabelText('Transcript file')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Transcript text' })).toBeNull();
  });

  it('switches on click and keeps what was typed in the other tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(tab('Paste text'));
    expect(tab('Paste text').getAttribute('aria-selected')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'Transcript text' }), 'Chair: Morning.');
    await user.click(tab('Upload a file'));
    expect(screen.queryByRole('textbox', { name: 'Transcript text' })).toBeNull();
    await user.click(tab('Paste text'));
    expect(screen.getByRole('textbox', { name: 'Transcript text' })).toHaveProperty('value', 'Chair: Morning.');
  });

  it('is one tab stop; arrow keys, Home and End move between the tabs and choose', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(tab('Upload a file'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Paste text'));
    expect(tab('Paste text').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Upload a file'));
    await user.keyboard('{End}');
    expect(tab('Paste text').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(tab('Upload a file').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Paste text').getAttribute('aria-selected')).toBe('true');

    // From the chosen tab, Tab goes straight to the panel's first control.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Transcript text' }));
  });

  it('shows the transcript’s message under either way of giving it, tied to the field', async () => {
    const user = userEvent.setup();
    render(<Harness error="The transcript is empty." />);
    const chooser = screen.getByLabelText('Transcript file');
    expect(chooser.getAttribute('aria-invalid')).toBe('true');
    expect(chooser.getAttribute('aria-describedby')).toContain(screen.getByText('The transcript is empty.').id);
    await user.click(tab('Paste text'));
    const box = screen.getByRole('textbox', { name: 'Transcript text' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('The transcript is empty.').id);
  });
});
