import type { WriteContent } from '@verity/shared';
import type { Editor } from '@tiptap/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentEditor, itemAt } from './document-editor';
import { normaliseLink } from './link-form';
import { buildContent } from './test-documents';

// jsdom has no layout: ProseMirror measures a range when it scrolls the selection into view.
beforeAll(() => {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function renderEditor(content: WriteContent = buildContent()) {
  const onChange = vi.fn();
  const onItemClick = vi.fn();
  const view = render(<DocumentEditor content={content} onChange={onChange} onItemClick={onItemClick} selectedItem={null} />);
  const text = screen.getByRole('textbox', { name: 'Document text' });
  return { ...view, text, onChange, onItemClick };
}

describe('DocumentEditor', () => {
  it('shows the document as written, its items marked with data-item, and the actions table as a table', () => {
    const { text } = renderEditor();
    expect(within(text).getByRole('heading', { level: 1, name: 'Ward refurbishment group' })).toBeTruthy();
    const table = within(text).getByRole('table');
    const row = within(table).getByText('Book the flushing contractor').closest('tr');
    expect(row?.getAttribute('data-item')).toBe('action-1');
    expect(within(text).getByText('The ward reopens after the water results.').closest('li')?.getAttribute('data-item')).toBe('decision-1');
    // The header row was written from no item.
    expect(within(table).getByText('Owner').closest('tr')?.hasAttribute('data-item')).toBe(false);
  });

  it('offers every tool as a named button, with its shortcut, in one toolbar', () => {
    renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Undo',
      'Redo',
      'Paragraph',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Insert a table',
      'Add a row below',
      'Delete this row',
    ]);
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('title')).toMatch(/^Bold \((Ctrl|⌘)\+B\)$/);
    // Nothing to undo yet: the one tab stop is the first tool that can be used.
    expect((within(toolbar).getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(toolbar).getByRole('button', { name: 'Redo' }).tabIndex).toBe(-1);
    expect(within(toolbar).getByRole('button', { name: 'Paragraph' }).tabIndex).toBe(0);
  });

  it('reports a click on a decision or action with its item, and not on other text', () => {
    const { text, onItemClick } = renderEditor();
    // jsdom has no layout for ProseMirror to map a mouse position, so the editor's own click handler is given the position.
    const { view } = (text as HTMLElement & { editor: Editor }).editor;
    const click = (words: string) => {
      const pos = view.posAtDOM(within(text).getByText(words), 0);
      view.someProp('handleClick', (handle) => handle(view, pos, new MouseEvent('click')));
      return itemAt(view, pos);
    };
    expect(click('Book the flushing contractor')).toBe('action-1');
    expect(click('The ward reopens after the water results.')).toBe('decision-1');
    expect(click('Owner')).toBeNull();
    expect(onItemClick.mock.calls).toEqual([['action-1'], ['decision-1']]);
  });

  it('keeps attrs.item in the JSON it reports after an edit, and makes a heading from the toolbar', async () => {
    const user = userEvent.setup();
    const { onChange } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Heading 3' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const content = onChange.mock.lastCall?.[0] as WriteContent;
    expect(content.content[0]).toMatchObject({ type: 'heading', attrs: { level: 3 } });
    const table = content.content.find((node) => node.type === 'table');
    expect(table?.content?.[1]?.attrs).toMatchObject({ item: 'action-1' });
  });
});

describe('normaliseLink', () => {
  it('completes a web address and refuses anything that is not a web or e-mail address', () => {
    expect(normaliseLink('www.hse.gov.uk/legionnaires')).toBe('https://www.hse.gov.uk/legionnaires');
    expect(normaliseLink('  https://example.org ')).toBe('https://example.org');
    expect(normaliseLink('mailto:estates@example.org')).toBe('mailto:estates@example.org');
    expect(normaliseLink('javascript:alert(1)')).toBeNull();
    expect(normaliseLink('not a link')).toBeNull();
    expect(normaliseLink('')).toBeNull();
  });
});
