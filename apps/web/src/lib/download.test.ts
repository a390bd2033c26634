import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './download';

describe('fileNameFromContentDisposition', () => {
  it('reads the file name of a Content-Disposition header, preferring the UTF-8 form', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Fire safety.docx"')).toBe('Fire safety.docx');
    expect(fileNameFromContentDisposition('attachment; filename=plain.docx')).toBe('plain.docx');
    expect(fileNameFromContentDisposition(`attachment; filename="x.docx"; filename*=UTF-8''Legionella%20%E2%80%93%20L8.docx`)).toBe(
      'Legionella – L8.docx',
    );
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});
