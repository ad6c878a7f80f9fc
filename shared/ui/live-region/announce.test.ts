/** @jest-environment jsdom */
import { announce } from './announce';

const region = () => document.querySelector('[data-testid="live-region"]');

describe('announce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes into one polite status region, created empty first so the change is read', () => {
    announce('Filtered 2 of 174 devices');
    const el = region();
    expect(el).toHaveProperty('textContent', '');
    expect(el?.getAttribute('aria-live')).toBe('polite');
    expect(el?.getAttribute('role')).toBe('status');
    jest.advanceTimersByTime(100);
    expect(el?.textContent).toBe('Filtered 2 of 174 devices');

    announce('Filtered 5 of 174 devices');
    expect(el?.textContent).toBe('Filtered 5 of 174 devices');
    expect(document.querySelectorAll('[data-testid="live-region"]')).toHaveLength(1);
  });

  it('says the same message again by clearing it first, and ignores empty ones', () => {
    announce('Filtered 5 of 174 devices');
    jest.advanceTimersByTime(100);
    announce('Filtered 5 of 174 devices');
    expect(region()?.textContent).toBe('');
    jest.advanceTimersByTime(100);
    expect(region()?.textContent).toBe('Filtered 5 of 174 devices');
    announce('   ');
    expect(region()?.textContent).toBe('Filtered 5 of 174 devices');
  });
});
