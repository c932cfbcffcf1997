import { describe, expect, it } from 'vitest';
import { safeNextPath } from './admin.ts';

describe('safeNextPath', () => {
  it.each([
    ['/admin/leads?status=new', '/admin/leads?status=new'],
    ['/blog', '/blog'],
    ['https://evil.example', '/admin/dashboard'],
    ['//evil.example', '/admin/dashboard'],
    ['/\\evil.example', '/admin/dashboard'],
    ['/\tevil', '/admin/dashboard'],
    ['/a\\b', '/admin/dashboard'],
    ['admin', '/admin/dashboard'],
    [undefined, '/admin/dashboard'],
  ])('%j goes to %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
