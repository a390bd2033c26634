import { describe, expect, it } from 'vitest';
import { conversationReturnPath, conversationReturnState, wikiReturnPath, wikiReturnState } from './return-to';

describe('ways back', () => {
  it('to a conversation: only from one, and only to one', () => {
    expect(conversationReturnState('/chat/01JABC')).toEqual({ returnTo: '/chat/01JABC' });
    expect(conversationReturnState('/wiki')).toBeUndefined();
    expect(conversationReturnPath({ returnTo: '/chat/01JABC' })).toBe('/chat/01JABC');
    expect(conversationReturnPath({ returnTo: 'https://elsewhere.example/chat/1' })).toBeNull();
    expect(conversationReturnPath(null)).toBeNull();
  });

  it('to the wiki list as it was left: its search and filters, never another path', () => {
    expect(wikiReturnState('/wiki', '?q=legionella&domain=HTM')).toEqual({ wikiList: '/wiki?q=legionella&domain=HTM' });
    expect(wikiReturnState('/wiki', '')).toEqual({ wikiList: '/wiki' });
    expect(wikiReturnState('/home', '?q=x')).toBeUndefined();
    expect(wikiReturnPath({ wikiList: '/wiki?q=legionella' })).toBe('/wiki?q=legionella');
    expect(wikiReturnPath({ wikiList: '/admin' })).toBe('/wiki');
    expect(wikiReturnPath({ wikiList: '//elsewhere.example/wiki' })).toBe('/wiki');
    expect(wikiReturnPath({ wikiList: `/wiki?q=${'a'.repeat(3000)}` })).toBe('/wiki');
    expect(wikiReturnPath(undefined)).toBe('/wiki');
  });
});
