import { describe, expect, test } from 'vitest';
import { contentDisposition, datedFileName } from './download.ts';

describe('download names', () => {
  const date = new Date('2026-07-01T23:30:00Z');

  test('a dated name has the label, the title as typed and the UK date', () => {
    expect(datedFileName({ label: 'Verity policy review', title: 'Waste: “clinical” / offensive', date })).toBe(
      'Verity policy review - Waste “clinical” offensive - 2026-07-02.docx',
    );
    expect(datedFileName({ label: 'Verity minutes', title: ' \u0007 ', date })).toBe('Verity minutes - Untitled - 2026-07-02.docx');
  });

  test('the ASCII name of any label shortens only the title, even one holding " - "', () => {
    const name = datedFileName({ label: 'Verity minutes', title: `Estates - ${'water safety '.repeat(10)}`, date });
    const header = contentDisposition(name);
    expect(header).toMatch(/^attachment; filename="Verity minutes - Estates - water safety .{40,}\.\.\. - 2026-07-02\.docx"; /);
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  test('a name of another shape keeps its extension', () => {
    expect(contentDisposition('Évaluation.docx')).toBe(`attachment; filename="Evaluation.docx"; filename*=UTF-8''%C3%89valuation.docx`);
    expect(contentDisposition('水.docx')).toContain('filename="download.docx"');
  });
});
