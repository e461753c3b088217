/**
 * The texts of the installable app (ADR 056): the page the service worker answers when the
 * student is offline and the page was never saved on the device, and the prompt that offers a
 * newly deployed version. Neither is on a first screen, so they load with the worker and the
 * prompt, not with the app (ADR 020); everything else about them is as in `ar.ts`. No
 * translator here: importing `t.ts` would bring the whole of `ar.ts` into the worker.
 */
export const arPwa = {
  offline: {
    title: 'أنت غير متصل بالإنترنت',
    body: 'لم تُحفظ هذه الصفحة على جهازك بعد، فلا يمكن فتحها دون اتصال. تحقّق من اتصالك بالإنترنت ثم أعد المحاولة.',
    retry: 'إعادة المحاولة',
    saved: 'صفحات محفوظة على جهازك يمكنك فتحها الآن:',
    home: 'الصفحة الرئيسية',
    courses: 'الدورات',
  },
  update: {
    available: 'يتوفر إصدار جديد',
    refresh: 'تحديث',
    later: 'لاحقاً',
  },
} as const;
