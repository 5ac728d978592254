import { describe, expect, it } from 'vitest';
import { formatListTime, formatMessageTime } from './format.ts';

const now = new Date(2026, 5, 15, 18, 30).getTime();

describe('message times, per language', () => {
  it('shows the time for today, the day this year, and the date before', () => {
    expect(formatListTime(new Date(2026, 5, 15, 9, 5).getTime(), 'en', now)).toMatch(/09:05/);
    expect(formatListTime(new Date(2026, 5, 15, 21, 5).getTime(), 'de', now)).toBe('21:05');
    expect(formatListTime(new Date(2026, 2, 3).getTime(), 'en', now)).toBe('Mar 3');
    expect(formatListTime(new Date(2026, 2, 3).getTime(), 'de', now)).toBe('3. März');
    expect(formatListTime(new Date(2025, 11, 24).getTime(), 'en', now)).toBe('Dec 24, 2025');
    expect(formatListTime(new Date(2025, 11, 24).getTime(), 'de', now)).toBe('24.12.2025');
  });

  it('adds the day to a message time that is not today', () => {
    expect(formatMessageTime(new Date(2026, 5, 15, 9, 5).getTime(), 'de', now)).toBe('09:05');
    expect(formatMessageTime(new Date(2026, 5, 14, 9, 5).getTime(), 'de', now)).toBe('14. Juni, 09:05');
  });
});
