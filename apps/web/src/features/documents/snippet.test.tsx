import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSnippet, SnippetText } from './snippet';

describe('search snippets', () => {
  it('splits the text into plain and highlighted runs', () => {
    expect(parseSnippet('The <mark>HTM</mark> 06-01 <mark>electrical</mark> duties')).toEqual([
      { text: 'The ', marked: false },
      { text: 'HTM', marked: true },
      { text: ' 06-01 ', marked: false },
      { text: 'electrical', marked: true },
      { text: ' duties', marked: false },
    ]);
  });

  it('decodes the server escaping once, so escaped markup is shown as text', () => {
    expect(parseSnippet('Fish &amp; chips &lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot; &amp;lt;')).toEqual([
      { text: 'Fish & chips <b>bold</b> "quoted" &lt;', marked: false },
    ]);
  });

  it('renders highlights as <mark> elements and never turns other text into HTML', () => {
    const { container } = render(
      <p>
        <SnippetText html={'&lt;img src=x onerror=alert(1)&gt; <mark>legionella</mark> <script>alert(1)</script>'} />
      </p>,
    );
    const paragraph = container.querySelector('p');
    expect(paragraph?.querySelectorAll('mark')).toHaveLength(1);
    expect(paragraph?.querySelector('mark')?.textContent).toBe('legionella');
    expect(paragraph?.querySelector('img')).toBeNull();
    expect(paragraph?.querySelector('script')).toBeNull();
    expect(paragraph?.textContent).toBe('<img src=x onerror=alert(1)> legionella <script>alert(1)</script>');
  });

  it('copes with an unclosed or stray mark tag without losing text', () => {
    expect(parseSnippet('a </mark>b <mark>c')).toEqual([
      { text: 'a b ', marked: false },
      { text: 'c', marked: true },
    ]);
  });
});
