import { afterEach, describe, expect, it } from 'vitest';
import { CRISP_SCRIPT_URL, loadCrisp, openCrispChat } from './load-crisp';

const scripts = () => document.querySelectorAll(`script[src="${CRISP_SCRIPT_URL}"]`);

afterEach(() => {
  for (const script of scripts()) script.remove();
  delete window.$crisp;
  delete window.CRISP_WEBSITE_ID;
  delete window.CRISP_RUNTIME_CONFIG;
});

describe('loadCrisp', () => {
  it('adds the script once with the site id and the Arabic locale', () => {
    loadCrisp('site-1');
    loadCrisp('site-1');
    expect(scripts()).toHaveLength(1);
    expect(window.CRISP_WEBSITE_ID).toBe('site-1');
    expect(window.CRISP_RUNTIME_CONFIG).toEqual({ locale: 'ar' });
  });

  it('queues the open command until the widget is there', () => {
    loadCrisp('site-1');
    openCrispChat();
    expect(window.$crisp).toEqual([['do', 'chat:open']]);
  });
});
