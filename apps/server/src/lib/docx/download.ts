import { isoDate } from './dates.ts';
import { cleanText } from './text.ts';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The ASCII file name keeps this much of the title; the UTF-8 one (filename*) keeps it all. */
const ASCII_TITLE_MAX = 80;
/** A `datedFileName`: its label, title and date. */
const DATED_NAME = /^(.+?) - (.*) - (\d{4}-\d{2}-\d{2})\.docx$/;
/** Any other name: the part before the extension and the extension. */
const OTHER_NAME = /^(.*?)((?:\.[A-Za-z0-9]{1,8})?)$/;

/**
 * "{label} - {title} - {YYYY-MM-DD}.docx": the title as typed (path and control characters
 * replaced), the UK date of `date`. The label names the kind of record ("Verity conversation")
 * and must not itself hold " - ", which is how `contentDisposition` finds the title again.
 */
export function datedFileName(options: { label: string; title: string; date: Date }): string {
  const title = cleanText(options.title)
    .replace(/[\\/:*?"<>|\u007F-\u009F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${options.label} - ${title || 'Untitled'} - ${isoDate(options.date)}.docx`;
}

/**
 * Content-Disposition for a download: an ASCII `filename` any client understands (accents
 * stripped, other characters dropped, the title of a `datedFileName` shortened while its label
 * and date stay whole) and the exact `filename*` in UTF-8.
 */
export function contentDisposition(fileName: string): string {
  const dated = DATED_NAME.exec(fileName);
  let asciiName: string;
  if (dated) {
    asciiName = `${asciiText(dated[1] ?? '')} - ${shortened(asciiText(dated[2] ?? '')) || 'Untitled'} - ${dated[3]}.docx`;
  } else {
    const [, stem = '', extension = ''] = OTHER_NAME.exec(fileName) ?? [];
    asciiName = `${shortened(asciiText(stem)) || 'download'}${extension}`;
  }
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
}

/** Accents stripped, quotes and dashes made ASCII, anything else outside a safe set dropped. */
function asciiText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/[^A-Za-z0-9 '&()+,.\-_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function shortened(text: string): string {
  return text.length > ASCII_TITLE_MAX ? `${text.slice(0, ASCII_TITLE_MAX).trimEnd()}...` : text;
}
