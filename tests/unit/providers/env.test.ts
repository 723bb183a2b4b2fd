import { describe, expect, it } from 'vitest';
import { backendAddress } from '../../../src/providers/env';

describe("the backend's address the back-office is built with", () => {
  it('« / » is the page’s own origin: the back-office and the API behind one address', () => {
    expect(backendAddress('/', 'http://localhost:1337', 'https://mairie.example.yt')).toBe('https://mairie.example.yt');
    expect(backendAddress(' / ', 'http://localhost:1337', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('an address is taken without its trailing slashes; none gives the fallback', () => {
    expect(backendAddress('https://api.mairie.example.yt//', 'http://localhost:1337')).toBe('https://api.mairie.example.yt');
    expect(backendAddress(undefined, 'http://localhost:1337')).toBe('http://localhost:1337');
    expect(backendAddress('', 'http://localhost:1337')).toBe('http://localhost:1337');
  });
});
