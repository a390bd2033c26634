import type { Citation } from '@verity/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inlineText, parseAnswer, parseInline } from './answer-format';
import { AnswerText } from './answer-text';

function citation(n: number, overrides: Partial<Citation> = {}): Citation {
  return {
    n,
    source: 'library',
    document_id: `01J0000000000000000000000${n}`,
    code: 'HTM 06-01',
    title: 'Electrical services supply and distribution',
    edition: '2017',
    status: 'current',
    element_ids: [`el-${n}`],
    quote: 'Fixed installations should be inspected and tested at least every five years.',
    superseded_by: null,
    ...overrides,
  };
}

describe('the answer format', () => {
  it('reads headings, paragraphs, bullet and numbered lists', () => {
    const blocks = parseAnswer(
      '## Draft: Water safety\n\nThe lead\ncontinues here.\n\n- first [1]\n- second\n\n### 2. Roles\n\n1. one\n2. two\n\n**Sources**',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'list', 'heading', 'list', 'paragraph']);
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 2 });
    expect(blocks[1]).toEqual({ kind: 'paragraph', children: [{ kind: 'text', text: 'The lead continues here.' }] });
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: false });
    expect(blocks[3]).toMatchObject({ kind: 'heading', level: 3 });
    expect(blocks[4]).toMatchObject({ kind: 'list', ordered: true, start: 1 });
  });

  it('reads bold, italics and grouped markers', () => {
    expect(parseInline('**Key** requirements *apply* here [1][2].')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Key' }] },
      { kind: 'text', text: ' requirements ' },
      { kind: 'em', children: [{ kind: 'text', text: 'apply' }] },
      { kind: 'text', text: ' here ' },
      { kind: 'marker', n: 1 },
      { kind: 'marker', n: 2 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads a pipe table: header, alignment, rows fitted to the columns, escaped pipes and markers in cells', () => {
    const blocks = parseAnswer(
      [
        'Who does what:',
        '',
        '| Role | Duties | Cited |',
        '| :--- | --- | ---: |',
        '| **Duty holder** | Appoints the Designated Person [1] | yes |',
        '| AP(LV) | Issues permits a \\| b<br>and keeps records [2] |',
        '| CP(LV) | Works under a permit | x | extra |',
        'After the table.',
      ].join('\n'),
    );
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'table', 'paragraph']);
    const table = blocks[1];
    if (table?.kind !== 'table') throw new Error('expected a table');
    expect(table.align).toEqual(['left', null, 'right']);
    expect(table.header.map(inlineText)).toEqual(['Role', 'Duties', 'Cited']);
    expect(table.rows.map((row) => row.map(inlineText))).toEqual([
      ['Duty holder', 'Appoints the Designated Person [1]', 'yes'],
      ['AP(LV)', 'Issues permits a | b\nand keeps records [2]', ''],
      ['CP(LV)', 'Works under a permit', 'x'],
    ]);
    expect(table.rows[0]?.[0]).toEqual([{ kind: 'strong', children: [{ kind: 'text', text: 'Duty holder' }] }]);
    expect(table.rows[0]?.[1]).toContainEqual({ kind: 'marker', n: 1 });
  });

  it('needs a delimiter row for a table: a lone pipe line stays a paragraph (as while a table streams in)', () => {
    expect(parseAnswer('| Role | Duties |').map((block) => block.kind)).toEqual(['paragraph']);
    expect(parseAnswer('either | or\n\n- a | b').map((block) => block.kind)).toEqual(['paragraph', 'list']);
    expect(parseAnswer('Role | Duties\n--- | ---\nDP | Appoints').map((block) => block.kind)).toEqual(['table']);
  });

  it('while streaming, holds back a table head until its delimiter row is complete', () => {
    const kinds = (text: string) => parseAnswer(text, { streaming: true }).map((block) => block.kind);
    expect(kinds('Who does what:\n\n| Role | Duties |')).toEqual(['paragraph']);
    expect(kinds('Who does what:\n\n| Role | Duties |\n|---|')).toEqual(['paragraph']);
    expect(kinds('Who does what:\n\n| Role | Duties |\n|---|--')).toEqual(['paragraph', 'table']);
    expect(kinds('Who does what:\n\n| Role | Duties |\n|---|---|')).toEqual(['paragraph', 'table']);
    expect(kinds('| Role | Duties |\n|---|---|\n| DP | Appoi')).toEqual(['table']);
    // A stored answer is read as written.
    expect(parseAnswer('Who does what:\n\n| Role | Duties |').map((block) => block.kind)).toEqual(['paragraph', 'paragraph']);
  });

  it('leaves an arithmetic star and an unfinished bold as text', () => {
    expect(parseInline('5 * 3 * 2')).toEqual([{ kind: 'text', text: '5 * 3 * 2' }]);
    expect(parseInline('**still streaming')).toEqual([{ kind: 'text', text: '**still streaming' }]);
  });
});

describe('AnswerText', () => {
  it('turns each marker with a source into a button that opens it', () => {
    const onOpen = vi.fn();
    render(<AnswerText text={'Inspect every five years [1][2].'} citations={[citation(1), citation(2)]} onOpenCitation={onOpen} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Source 1: HTM 06-01 Electrical services supply and distribution (2017)');
    fireEvent.click(buttons[1] as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('shows the source and quoted passage on focus', () => {
    render(<AnswerText text="Inspect [1]." citations={[citation(1)]} onOpenCitation={() => {}} />);
    fireEvent.focus(screen.getByRole('button'));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toContain('HTM 06-01');
    expect(tooltip.textContent).toContain('Edition: 2017');
    expect(tooltip.textContent).toContain('at least every five years');
  });

  it('renders markup in the text as text and a marker with no source as plain text', () => {
    const { container } = render(
      <AnswerText
        text={'A passage with <script>alert(1)</script> and <img src=x onerror=alert(1)> cites [99] and [1].'}
        citations={[citation(1)]}
        onOpenCitation={() => {}}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('[99]');
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it("draws a model's hostile Markdown and HTML as text: links, images, frames and handlers never become markup", () => {
    const hostile = [
      '## Answer <img src=x onerror=alert(1)>',
      '',
      'See [the guidance](javascript:alert(2)) and ![a chart](x" onerror="alert(3)) and <a href="javascript:alert(4)">here</a> [1].',
      '',
      '| Check | How often <svg onload=alert(5)> |',
      '| --- | --- |',
      '| <iframe srcdoc="<script>alert(6)</script>"></iframe> | weekly [1] |',
      '',
      '- <details open ontoggle=alert(7)>item</details>',
      '1. &lt;script&gt;alert(8)&lt;/script&gt; **bold <b onclick=alert(9)>x</b>**',
    ].join('\n');
    const { container } = render(
      <AnswerText
        text={hostile}
        citations={[citation(1, { title: '<img src=x onerror=alert(10)>', quote: '<script>alert(11)</script>' })]}
        onOpenCitation={() => {}}
      />,
    );
    // Markers are buttons; the table may add its own focusable scroll region.
    fireEvent.focus(screen.getAllByRole('button')[0] as HTMLElement);
    for (const element of container.querySelectorAll('*')) {
      expect(element.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
      expect(element.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    expect(container.querySelectorAll('script, img, svg:not([aria-hidden]), iframe, details, a[href]')).toHaveLength(0);
    expect(container.textContent).toContain('onerror=alert(1)');
    expect(container.textContent).toContain('javascript:alert(2)');
    expect(container.textContent).toContain('<iframe srcdoc=');
    expect(document.body.textContent).toContain('<script>alert(11)</script>');
  });

  it('renders headings and lists as elements', () => {
    const { container } = render(
      <AnswerText
        text={'## Draft: Policy\n\n**2.1 Designated Person**\n\n1. Keeps records [1]\n2. Reports'}
        citations={[citation(1)]}
        onOpenCitation={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Draft: Policy' }).tagName).toBe('H3');
    expect(container.querySelector('strong')?.textContent).toBe('2.1 Designated Person');
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
  });

  it('renders a table with column headers, a scrollable labelled region and working markers in its cells', () => {
    const onOpen = vi.fn();
    render(
      <AnswerText
        text={'| Role | Duties |\n|---|---|\n| Designated Person | Appoints the AP(LV) [1] |\n| AP(LV) | Issues permits [2] |'}
        citations={[citation(1), citation(2)]}
        onOpenCitation={onOpen}
      />,
    );
    const region = screen.getByRole('region', { name: 'Table: Role, Duties' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('overflow-x-auto');
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Role', 'Duties']);
    expect(within(table).getAllByRole('columnheader')[0]?.getAttribute('scope')).toBe('col');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('AP(LV)');
    const marker = within(rows[2] as HTMLElement).getByRole('button', { name: /^Source 2: / });
    fireEvent.focus(marker);
    expect(screen.getByRole('tooltip').textContent).toContain('at least every five years');
    fireEvent.click(marker);
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('labels an attached file as such', () => {
    render(
      <AnswerText
        text="Flushing twice weekly [1]."
        citations={[citation(1, { source: 'attachment', code: '', edition: '', title: 'Water policy.txt' })]}
        onOpenCitation={() => {}}
      />,
    );
    expect(screen.getByRole('button')?.getAttribute('aria-label')).toBe('Source 1: Your attached file: Water policy.txt');
  });
});
