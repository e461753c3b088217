import { createContext, useContext, useState } from 'react';

const cairoYear = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Africa/Cairo' });

/**
 * The calendar year in Cairo (the school's time) at a moment.
 * @example yearInCairo(Date.parse('2027-12-31T22:30:00Z')) // 2028
 */
export function yearInCairo(now: Date | number = Date.now()): number {
  return Number(cairoYear.format(now));
}

/**
 * The year of a page the server rendered, by the server's date: the browser takes the page
 * over with it, so the first render matches the HTML whatever the device's clock says.
 * Null when the browser renders the page itself.
 */
export const PageYearContext = createContext<number | null>(null);
PageYearContext.displayName = 'PageYearContext';

/**
 * The current year for the page: the server's for a page it rendered, else the browser's,
 * read once when the component first renders.
 * @example const year = usePageYear()
 */
export function usePageYear(): number {
  const served = useContext(PageYearContext);
  const [own] = useState(() => served ?? yearInCairo());
  return served ?? own;
}
