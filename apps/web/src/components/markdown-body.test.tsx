import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MarkdownBody, markdownBlocks, type Screenshot } from './markdown-body';

function draw(markdown: string, screenshots: Screenshot[] = []) {
  return render(
    <MemoryRouter>
      <MarkdownBody markdown={markdown} screenshots={screenshots} />
    </MemoryRouter>,
  );
}

describe('markdownBlocks', () => {
  it('reads headings, paragraphs joined across lines, bulleted and numbered lists and a table', () => {
    expect(
      markdownBlocks(
        [
          '## Phrasing',
          'Ask the way you',
          'would ask a colleague.',
          '',
          '- one',
          '- two',
          '  continued',
          '1. first',
          '| Tool | For |',
          '|---|---|',
          '| Chat | Questions |',
        ].join('\n'),
      ),
    ).toEqual([
      { type: 'heading', level: 2, text: 'Phrasing' },
      { type: 'paragraph', text: 'Ask the way you would ask a colleague.' },
      { type: 'list', ordered: false, items: ['one', 'two continued'] },
      { type: 'list', ordered: true, items: ['first'] },
      { type: 'table', header: ['Tool', 'For'], rows: [['Chat', 'Questions']] },
    ]);
  });
});

describe('screenshots', () => {
  it('reads a line that is only a picture of a Verity page as a figure, and any other image as text', () => {
    expect(
      markdownBlocks(
        ['Before.', '![The chat page](screenshot:chat)', '![x](https://example.org/a.png)', '![x](screenshot:Bad_Name)'].join('\n'),
      ),
    ).toEqual([
      { type: 'paragraph', text: 'Before.' },
      { type: 'figure', name: 'chat', alt: 'The chat page' },
      { type: 'paragraph', text: '![x](https://example.org/a.png) ![x](screenshot:Bad_Name)' },
    ]);
  });

  it('draws a figure named by its caption, with the picture served by Verity at its size, only when it was taken', () => {
    const { container } = draw('![The chat page](screenshot:chat)\n\n![The wiki](screenshot:wiki)', [
      { name: 'chat', width: 1280, height: 800 },
    ]);
    const figure = screen.getByRole('figure', { name: 'The chat page' });
    const img = figure.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/tutorials/screenshots/chat');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['1280', '800']);
    expect(screen.queryByText('The wiki')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});

describe('MarkdownBody', () => {
  it('draws bold, italics, code, an in-app link and an https link that opens in a new tab', () => {
    draw('Use **Attach** to ask about a *file*, or type `HTM 04-01`. See [Chat](/chat) and [HSE](https://www.hse.gov.uk/).');
    expect(screen.getByText('Attach').tagName).toBe('STRONG');
    expect(screen.getByText('file').tagName).toBe('EM');
    expect(screen.getByText('HTM 04-01').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/chat');
    const external = screen.getByRole('link', { name: 'HSE' });
    expect(external.getAttribute('href')).toBe('https://www.hse.gov.uk/');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never makes HTML from the text, and a link anywhere but Verity or https is text only', () => {
    const { container } = draw(
      '<script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3)) [data](data:text/html,hi) [proto](//evil.example)',
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('click');
  });

  it('draws a table with its header cells', () => {
    draw('| Finding | Meaning |\n|---|---|\n| Outdated reference | A superseded edition |');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Finding' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'A superseded edition' })).toBeTruthy();
  });

  it('reads a long run of unclosed marks in time linear in its length', () => {
    // Judged by growth, not by a shared machine's clock (a 3 s bound failed beside other work):
    // four times the marks take about four times as long when linear, sixteen when quadratic.
    const timed = (times: number) => {
      const started = performance.now();
      const { container, unmount } = draw(`${'**[`_*'.repeat(times)}end`);
      expect(container.textContent).toContain('end');
      unmount();
      return performance.now() - started;
    };
    const small = timed(5_000);
    const large = timed(20_000);
    expect(large / Math.max(small, 50)).toBeLessThan(8);
  });
});
