import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { forumSignature, forumUsername, readForumRequest, signForumPayload, withinForum } from './forum-protocol.ts';

// The worked example published with the DiscourseConnect protocol (meta.discourse.org, topic 13045).
const EXAMPLE = {
  secret: 'd836444a9e4084d5b224a60c208dce14',
  nonce: 'cb68251eefb5211e58c00ff1395f0c0b',
  // Base64 as Ruby writes it, with its line break, which the signature covers.
  requestSso: 'bm9uY2U9Y2I2ODI1MWVlZmI1MjExZTU4YzAwZmYxMzk1ZjBjMGI=\n',
  requestSig: '2828aa29899722b35a2f191d34ef9b3ce695e0e6eeec47deb46d588d70c7cb56',
  responseSso:
    'bm9uY2U9Y2I2ODI1MWVlZmI1MjExZTU4YzAwZmYxMzk1ZjBjMGImbmFtZT1zYW0mdXNlcm5hbWU9c2Ftc2FtJmVtYWlsPXRlc3QlNDB0ZXN0LmNvbSZleHRlcm5hbF9pZD1oZWxsbzEyMyZyZXF1aXJlX2FjdGl2YXRpb249dHJ1ZQ==',
  responseSig: '3d7e5ac755a87ae3ccf90272644ed2207984db03cf020377c8b92ff51be3abc3',
};

const FORUM = 'https://forum.example.org';
const SECRET = 'a-forum-secret-of-some-length';

function request(fields: Record<string, string>, secret = SECRET) {
  const sso = Buffer.from(new URLSearchParams(fields).toString()).toString('base64');
  return { sso, sig: forumSignature(secret, sso) };
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the published worked example', () => {
  test('its request signature is the HMAC-SHA256 of the Base64 payload exactly as sent', () => {
    expect(forumSignature(EXAMPLE.secret, EXAMPLE.requestSso)).toBe(EXAMPLE.requestSig);
    // The example's request carries no return address, so as a request to Verity it is refused: after its signature passed.
    const error = refusal(() =>
      readForumRequest({
        secret: EXAMPLE.secret,
        forumUrl: 'http://discuss.example.com',
        sso: EXAMPLE.requestSso,
        sig: EXAMPLE.requestSig,
      }),
    );
    expect(error.status).toBe(400);
  });

  test('its answer is reproduced byte for byte, payload and signature', () => {
    const signed = signForumPayload(EXAMPLE.secret, {
      nonce: EXAMPLE.nonce,
      name: 'sam',
      username: 'samsam',
      email: 'test@test.com',
      external_id: 'hello123',
      require_activation: 'true',
    });
    expect(signed).toEqual({ sso: EXAMPLE.responseSso, sig: EXAMPLE.responseSig });
  });
});

describe('reading a forum request', () => {
  test('gives the nonce and the return address when the signature and address are good', () => {
    const { sso, sig } = request({ nonce: 'abc123', return_sso_url: `${FORUM}/session/sso_login` });
    const read = readForumRequest({ secret: SECRET, forumUrl: FORUM, sso, sig });
    expect(read.nonce).toBe('abc123');
    expect(read.returnUrl.href).toBe(`${FORUM}/session/sso_login`);
  });

  test.each([
    [
      'a signature made with another secret',
      () => request({ nonce: 'n', return_sso_url: `${FORUM}/session/sso_login` }, 'another-secret-entirely'),
    ],
    [
      'a payload changed after signing',
      () => {
        const signed = request({ nonce: 'n', return_sso_url: `${FORUM}/session/sso_login` });
        return {
          sso: Buffer.from(`nonce=n&return_sso_url=${encodeURIComponent('https://evil.example/x')}`).toString('base64'),
          sig: signed.sig,
        };
      },
    ],
    ['a signature that is not hex', () => ({ ...request({ nonce: 'n', return_sso_url: `${FORUM}/x` }), sig: 'z'.repeat(64) })],
    ['a short signature', () => ({ ...request({ nonce: 'n', return_sso_url: `${FORUM}/x` }), sig: 'ab' })],
    ['no nonce', () => request({ return_sso_url: `${FORUM}/session/sso_login` })],
    ['an empty nonce', () => request({ nonce: '  ', return_sso_url: `${FORUM}/session/sso_login` })],
    ['no return address', () => request({ nonce: 'n' })],
    ['a return address on another site', () => request({ nonce: 'n', return_sso_url: 'https://evil.example/session/sso_login' })],
    ['a look-alike host', () => request({ nonce: 'n', return_sso_url: 'https://forum.example.org.evil.example/session/sso_login' })],
    ['another scheme', () => request({ nonce: 'n', return_sso_url: 'javascript:alert(1)' })],
    ['credentials in the address', () => request({ nonce: 'n', return_sso_url: 'https://me@forum.example.org/session/sso_login' })],
  ])('refuses %s with the sign-in message', (_name, make) => {
    const { sso, sig } = make();
    const error = refusal(() => readForumRequest({ secret: SECRET, forumUrl: FORUM, sso, sig }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Login failed. Please try again.');
    expect(error.errorCode).toBe(4012);
  });

  test('a forum under a path accepts addresses under that path only', () => {
    expect(withinForum(new URL('https://example.org/forum/session/sso_login'), 'https://example.org/forum')).toBe(true);
    expect(withinForum(new URL('https://example.org/forum'), 'https://example.org/forum/')).toBe(true);
    expect(withinForum(new URL('https://example.org/forumx/session'), 'https://example.org/forum')).toBe(false);
    expect(withinForum(new URL('https://example.org/other'), 'https://example.org/forum')).toBe(false);
    expect(withinForum(new URL('http://forum.example.org/x'), FORUM)).toBe(false);
  });
});

describe('forum usernames', () => {
  test.each([
    ['priya.shah@nhs.test', 'priya.shah'],
    ['o’brien+forum@nhs.test', 'o_brien_forum'],
    ['a@nhs.test', 'a_user'],
    ['.dotted..name.@nhs.test', 'dotted_name'],
    ['averyveryverylongaddresspart@nhs.test', 'averyveryverylongadd'],
    ['zoë@nhs.test', 'zoe'],
  ])('%s → %s', (email, username) => {
    const made = forumUsername(email);
    expect(made).toBe(username);
    expect(made).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]{1,18}[A-Za-z0-9_]$/);
  });
});
