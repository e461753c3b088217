import { translator } from './t';

/**
 * The texts of «رسائلي», a conversation and a guest's follow page (issue 24, ADR 039). They load
 * with those routes, not with the app (ADR 020), like the wallet's.
 */
export const arMessages = {
  list: {
    lead: 'محادثاتك مع فريق الدعم، الأحدث نشاطاً أولاً.',
    loading: 'جارٍ تحميل رسائلك',
    loadFailed: 'حدثت مشكلة أثناء تحميل رسائلك',
    empty: 'لم ترسل أي رسالة إلى فريق الدعم بعد.',
    newMessage: 'رسالة جديدة إلى الدعم',
    loadMore: 'عرض المزيد',
    loadMoreFailed: 'تعذر تحميل المزيد من رسائلك، حاول مرة أخرى',
    unread: 'رد جديد',
    reference: 'رقم الطلب',
    lastActivity: 'آخر نشاط',
  },
  /** A ticket's state as the student reads it. */
  state: { open: 'مفتوحة', answered: 'تم الرد', closed: 'مغلقة' },
  conversation: {
    loading: 'جارٍ تحميل المحادثة',
    loadFailed: 'حدثت مشكلة أثناء تحميل المحادثة',
    back: 'العودة إلى رسائلي',
    reference: 'رقم الطلب',
    thread: 'الرسائل',
    you: 'أنت',
    staff: '{name} من فريق الدعم',
    replyLabel: 'ردك',
    send: 'إرسال الرد',
    sending: 'جارٍ إرسال ردك…',
    sent: 'تم إرسال ردك',
    sendFailed: 'حدثت مشكلة أثناء إرسال ردك، حاول مرة أخرى',
    closed: 'أُغلقت هذه المحادثة، فلا يمكن الرد عليها. إن احتجت مساعدة أخرى فأرسل رسالة جديدة.',
    toHelp: 'رسالة جديدة إلى الدعم',
    answered: 'ردّ فريق الدعم على رسالتك. إن بقي لديك سؤال فاكتبه هنا.',
    open: 'رسالتك عند فريق الدعم، وسيصلك إشعار عند الرد.',
  },
  follow: {
    lead: 'محادثتك مع فريق الدعم. احفظ رابط هذه الصفحة لتعود إليها، ولا تشاركه مع أحد.',
    open: 'رسالتك عند فريق الدعم، وسيصلك الرد على بريدك الإلكتروني وهنا.',
    toHelp: 'صفحة المساعدة',
  },
} as const;

export const tm = translator(arMessages);
