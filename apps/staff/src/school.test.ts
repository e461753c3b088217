import { describe, expect, it, vi } from 'vitest';

// The console in the school's identity (ADR 049): read once from the block the server writes.
describe("the console's school", () => {
  it('is the one the server wrote into the page, with the default for what it leaves out', async () => {
    vi.resetModules();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'dars-school';
    block.textContent = JSON.stringify({ name: 'سنتر النخبة', primary_color: '#0b6e4f' });
    document.head.append(block);
    try {
      const { consoleSchool, consoleTitle } = await import('./school');
      expect(consoleTitle()).toBe('لوحة إدارة سنتر النخبة');
      expect(consoleSchool()).toMatchObject({
        primary_color: '#0b6e4f',
        secondary_color: '#f59e0b',
      });
    } finally {
      block.remove();
    }
  });

  it('is «دَرس» when the page has none', async () => {
    vi.resetModules();
    const { consoleTitle } = await import('./school');
    expect(consoleTitle()).toBe('لوحة إدارة دَرس');
  });
});
