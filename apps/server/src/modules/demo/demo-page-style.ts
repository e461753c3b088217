/**
 * The look of the demo's own pages (its mailbox, its text messages): one column of cards on a
 * light page, right to left. Inline in each page's `<style>` (their policy allows inline style).
 */
export const DEMO_PAGE_STYLE = `
  body { margin: 0; background: #f4f6fb; color: #1b1f2a;
         font-family: system-ui, 'Segoe UI', Tahoma, sans-serif; line-height: 1.7; }
  main { max-width: 760px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.4rem; margin: 8px 0; }
  article { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08);
            padding: 16px; margin: 16px 0; overflow-wrap: anywhere; }
  h2 { font-size: 1.1rem; margin: 0 0 4px; }
  .meta { color: #4a5160; font-size: .9rem; margin: 0 0 8px; }
  pre { white-space: pre-wrap; font: inherit; margin: 0; }
  bdi { direction: ltr; unicode-bidi: isolate; }
`;
