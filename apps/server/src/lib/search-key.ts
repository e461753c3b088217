/**
 * The form text is searched in: lower case, Arabic diacritics and tatweel removed, and the
 * letters people type interchangeably unified (أ إ آ ٱ → ا, ة → ه, ى → ي), so a student who
 * types «احمد» or «مدرسه» still finds «أحمد» and «مدرسة».
 * @example searchKey('الكِيمياءُ  العضويّة') // 'الكيمياء العضويه'
 */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a course is found by: its name and description. */
export function courseSearchText(course: { name: string; description: string }): string {
  return searchKey(`${course.name} ${course.description}`);
}
