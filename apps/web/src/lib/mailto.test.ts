import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('encodes the subject and joins the body lines with newlines', () => {
    const href = mailtoHref('help@trust.example', 'Support & help?', ['Hello,', '', 'Name: A&B']);
    expect(href).toBe('mailto:help@trust.example?subject=Support%20%26%20help%3F&body=Hello%2C%0A%0AName%3A%20A%26B');
  });
});
