import { describe, expect, it } from 'vitest';
import { apiError } from '../test/fixtures';
import { ApiError } from './api-client';
import { errorMessage, waitSentence } from './form-errors';

const TOO_MANY = "You've made too many requests. Please wait a moment before trying again.";

describe('how long a rate-limited person should wait', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect(waitSentence(1)).toBe('Try again in 1 second.');
    expect(waitSentence(20)).toBe('Try again in 20 seconds.');
    expect(waitSentence(60)).toBe('Try again in 1 minute.');
    expect(waitSentence(61)).toBe('Try again in 2 minutes.');
    expect(waitSentence(900)).toBe('Try again in 15 minutes.');
    expect(waitSentence(7200)).toBe('Try again in 2 hours.');
  });

  it("follows the specification's sentence, which stays as it is", () => {
    const limited = apiError(429, { message: TOO_MANY });
    expect(errorMessage(new ApiError(429, limited.clientError, limited.body, 180), 'fallback')).toBe(`${TOO_MANY} Try again in 3 minutes.`);
    expect(errorMessage(limited, 'fallback')).toBe(TOO_MANY);
  });
});
