import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * The XSS corpus: text a hostile user types wherever the app lets them, each piece trying to run
 * script that sets `window.__xss` or opens a dialog. `xssWatch` records what would show that one
 * ran (a dialog, the flag, a script the Content-Security-Policy had to refuse) and what the page
 * holds that only markup could have made (event-handler attributes, javascript: links, frames).
 */
export const XSS_PAYLOADS = [
  '<script>window.__xss = 1; alert("script")</script>',
  '<img src=x onerror="window.__xss = 2; alert(\'img\')">',
  '<svg onload="window.__xss = 3"><script>alert("svg")</script></svg>',
  '<a href="javascript:window.__xss = 4">html link</a>',
  '[markdown link](javascript:window.__xss=5)',
  '![markdown image](x" onerror="window.__xss=6)',
  '<iframe srcdoc="<script>parent.__xss = 7</script>"></iframe>',
  '"><details open ontoggle="window.__xss = 8">',
  '&lt;img src=x onerror=alert(9)&gt; &#60;script&#62;alert(10)&#60;/script&#62;',
  '<style>@import "javascript:alert(11)"</style><body onload="window.__xss = 12">',
] as const;

/** The corpus as one paragraph of text. */
export const XSS_TEXT = XSS_PAYLOADS.join(' ');

/** A short payload for fields with a small limit (titles, names), with a word to find it by. */
export function xssTitle(word: string): string {
  return `${word} <img src=x onerror="window.__xss=1;alert(1)">`;
}

export interface XssWatch {
  /** Fails when anything ran or markup got into the page; `where` names the surface. */
  expectInert(where: string): Promise<void>;
}

/** Starts watching the page: call before the first navigation. */
export function xssWatch(page: Page): XssWatch {
  const dialogs: string[] = [];
  const refusals: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|run)/i.test(message.text())) refusals.push(message.text());
  });
  return {
    async expectInert(where) {
      const found = await page.evaluate(() => {
        const markup: string[] = [];
        for (const element of document.body.querySelectorAll('*')) {
          for (const attribute of element.getAttributeNames()) {
            if (attribute.startsWith('on')) markup.push(`${element.tagName} ${attribute}`);
          }
        }
        for (const link of document.querySelectorAll('a[href], area[href], iframe[src], img[src], embed, object')) {
          const target = link.getAttribute('href') ?? link.getAttribute('src') ?? '';
          if (/^\s*(javascript|data|vbscript):/i.test(target) || (link.tagName === 'IMG' && target === 'x'))
            markup.push(`${link.tagName} ${target}`);
        }
        for (const frame of document.querySelectorAll('iframe[srcdoc], body script, body style, details[ontoggle], svg[onload]')) {
          markup.push(frame.tagName);
        }
        return { flag: (window as unknown as { __xss?: unknown }).__xss ?? null, markup };
      });
      expect({ where, dialogs, refusals, ...found }).toEqual({ where, dialogs: [], refusals: [], flag: null, markup: [] });
    },
  };
}

/** Polls a JSON endpoint until `done` says so; its last answer. */
export async function pollJson<T>(
  request: APIRequestContext,
  url: string,
  headers: Record<string, string>,
  done: (body: T) => boolean,
): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = (await (await request.get(url, { headers })).json()) as T;
        return done(last);
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return last as T;
}
