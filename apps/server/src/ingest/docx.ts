import mammoth from 'mammoth';
import { parseHtml } from './html.ts';
import type { ParsedElement } from './markdown.ts';
import { UnreadableFileError } from './document.ts';

// Word's Title and Subtitle styles have no HTML equivalent in mammoth's default map; Title is
// marked so the HTML walk makes it the title, Subtitle reads as a paragraph.
const STYLE_MAP = ["p[style-name='Title'] => h1.title:fresh", "p[style-name='Subtitle'] => p:fresh"];

// Images are irrelevant to text retrieval; dropping them avoids base64-encoding every picture.
const dropImages = mammoth.images.imgElement(async () => ({ src: '' }));

/**
 * A Word (.docx) file as elements: mammoth turns the document into semantic HTML (Heading 1–6
 * styles to h1–h6, Word lists to ul/ol, tables) and the HTML walk builds the elements. Word files
 * have no fixed pages, so every element is on page 1.
 */
export async function parseDocx(bytes: Uint8Array): Promise<{ title: string | null; elements: ParsedElement[] }> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { styleMap: STYLE_MAP, convertImage: dropImages, externalFileAccess: false, ignoreEmptyParagraphs: true },
    );
    // Mammoth links each footnote back to its reference with a bare arrow; it is not text.
    html = result.value.replace(/\s*<a href="#[^"]*">\u2191<\/a>/g, '');
  } catch {
    throw new UnreadableFileError(
      'corrupt',
      'This Word document is damaged and could not be read. Save it again from Word and re-upload it.',
    );
  }
  return parseHtml(html, { titleFrom: 'title-class' });
}
