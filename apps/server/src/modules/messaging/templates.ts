// The messages' texts, in Arabic (ADR 053). Each template is also a WhatsApp message
// template the school has Meta approve under `whatsapp` (docs/messaging-providers.md lists
// them with their body text): WhatsApp lets a business start a conversation only with an
// approved template, its parameters in order. The school's name is always the first.

export type TemplateName =
  'exam_result' | 'weekly_summary' | 'staff_message' | 'student_invitation';

type Definition<P extends string> = {
  /** The template's name in WhatsApp Manager. */
  whatsapp: string;
  /** Its parameters after the school's name, in order ({{2}}, {{3}}, …). */
  params: readonly P[];
  text: (school: string, p: Record<P, string>) => string;
};

function define<P extends string>(d: Definition<P>): Definition<P> {
  return d;
}

export const TEMPLATES = {
  exam_result: define({
    whatsapp: 'dars_exam_result',
    params: ['student', 'exam', 'mark', 'total', 'percent', 'outcome'],
    text: (school, p) =>
      `${school}: نتيجة ${p.student} في امتحان «${p.exam}»: ${p.mark} من ${p.total} (${p.percent}%)، ${p.outcome}.`,
  }),
  weekly_summary: define({
    whatsapp: 'dars_weekly_summary',
    params: ['student', 'from', 'to', 'courses', 'lectures', 'exams'],
    text: (school, p) =>
      [
        `${school}: ملخص أسبوع ${p.student} (من ${p.from} إلى ${p.to})`,
        `الدورات: ${p.courses}`,
        `المحاضرات التي شاهدها: ${p.lectures}`,
        `الامتحانات: ${p.exams}`,
      ].join('\n'),
  }),
  staff_message: define({
    whatsapp: 'dars_staff_message',
    params: ['text'],
    text: (school, p) => `${school}: ${p.text}`,
  }),
  student_invitation: define({
    whatsapp: 'dars_student_invitation',
    params: ['name', 'url'],
    text: (school, p) =>
      `${school}: أهلًا ${p.name}، أنشأنا لك حسابًا على المنصة. اضبط كلمة المرور من هذا الرابط: ${p.url}`,
  }),
} as const;

type ParamsOf<T extends TemplateName> = Record<(typeof TEMPLATES)[T]['params'][number], string>;

/** A template with its parameters, as queueMessage takes it. */
export type Filled = {
  [T in TemplateName]: { template: T; params: ParamsOf<T> };
}[TemplateName];

/**
 * The template and parameters of an imported student's set-password link, for
 * sendToStudentOrParent.
 * @example studentInvitation('أحمد محمود', 'https://school.example/set-password?token=…')
 */
export function studentInvitation(name: string, url: string): Filled {
  return { template: 'student_invitation', params: { name, url } };
}

/**
 * A message's text and its parameters in the template's order, the school's name first.
 * @example render('سنتر النخبة', { template: 'staff_message', params: { text: 'غدًا إجازة' } })
 * // { body: 'سنتر النخبة: غدًا إجازة', params: ['سنتر النخبة', 'غدًا إجازة'] }
 */
export function render(school: string, filled: Filled): { body: string; params: string[] } {
  const definition = TEMPLATES[filled.template] as Definition<string>;
  const p = filled.params as Record<string, string>;
  return {
    body: definition.text(school, p),
    params: [school, ...definition.params.map((name) => p[name] ?? '')],
  };
}
