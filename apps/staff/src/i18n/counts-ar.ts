/**
 * The nouns the console counts, in the forms `pluralize` (@dars/ui/format) picks from: 1 and 2
 * stand alone, 3–10 take the plural, 11–99 the singular accusative, 100–102 (`other`) the
 * singular genitive. Merged into
 * `dars.counts`; `useCount` reads them.
 */
export const countsArabic = {
  student: {
    zero: 'لا يوجد طلاب',
    one: 'طالب واحد',
    two: 'طالبان',
    few: 'طلاب',
    many: 'طالبًا',
    other: 'طالب',
  },
  question: { one: 'سؤال واحد', two: 'سؤالان', few: 'أسئلة', many: 'سؤالًا', other: 'سؤال' },
  lecture: { one: 'محاضرة واحدة', two: 'محاضرتان', few: 'محاضرات', many: 'محاضرة' },
  course: { one: 'دورة واحدة', two: 'دورتان', few: 'دورات', many: 'دورة' },
  reply: {
    zero: 'لا توجد ردود',
    one: 'رد واحد',
    two: 'ردان',
    few: 'ردود',
    many: 'ردًا',
    other: 'رد',
  },
  session: { one: 'جلسة واحدة', two: 'جلستان', few: 'جلسات', many: 'جلسة' },
  attempt: { one: 'محاولة واحدة', two: 'محاولتان', few: 'محاولات', many: 'محاولة' },
  extra_attempt: {
    one: 'محاولة إضافية واحدة',
    two: 'محاولتان إضافيتان',
    few: 'محاولات إضافية',
    many: 'محاولة إضافية',
  },
  card: { one: 'بطاقة واحدة', two: 'بطاقتان', few: 'بطاقات', many: 'بطاقة' },
};

export type CountNoun = keyof typeof countsArabic;
