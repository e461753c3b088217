// A few real questions per subject, so demo exams read like the real thing.

import type { QuestionSeed } from './exams';

const GENERIC: QuestionSeed[] = [
  { type: 'truefalse', text: 'المراجعة المنتظمة تساعد على تثبيت المعلومات.', correct: true },
  { type: 'essay', text: 'لخّص أهم ثلاث أفكار تعلمتها في هذه المحاضرة.' },
];

export const QUESTION_BANK: QuestionSeed[][] = [
  // الرياضيات
  [
    {
      type: 'choices',
      text: 'مشتقة الدالة د(س) = س² هي:',
      answers: ['س', '٢س', 'س²', '٢'],
      correct: 1,
      explain:
        'نضرب في الأس ثم نطرح واحداً منه: د/(س) = ٢س. قاعدة القوة بالتفصيل: https://en.wikipedia.org/wiki/Power_rule',
    },
    {
      type: 'choices',
      text: 'حل المعادلة ٢س + ٤ = ١٠ هو:',
      answers: ['س = ٢', 'س = ٣', 'س = ٧', 'س = ٥'],
      correct: 1,
    },
    { type: 'truefalse', text: 'جا ٩٠° = ١', correct: true },
    ...GENERIC,
  ],
  // الفيزياء
  [
    {
      type: 'choices',
      text: 'وحدة قياس المقاومة الكهربية هي:',
      answers: ['الأمبير', 'الفولت', 'الأوم', 'الوات'],
      correct: 2,
      explain:
        'المقاومة = فرق الجهد ÷ شدة التيار، ووحدتها الأوم. اقرأ عن قانون أوم: https://en.wikipedia.org/wiki/Ohm%27s_law',
    },
    {
      type: 'choices',
      text: 'عند توصيل مقاومتين متساويتين على التوازي تصبح المقاومة المكافئة:',
      answers: ['ضعف إحداهما', 'نصف إحداهما', 'مساوية لإحداهما', 'صفراً'],
      correct: 1,
    },
    {
      type: 'truefalse',
      text: 'شدة التيار في دائرة التوالي متساوية في جميع أجزائها.',
      correct: true,
    },
    ...GENERIC,
  ],
  // الكيمياء
  [
    {
      type: 'choices',
      text: 'الصيغة العامة للألكانات هي:',
      answers: ['CnH2n', 'CnH2n+2', 'CnH2n-2', 'CnHn'],
      correct: 1,
      explain:
        'الألكانات مشبعة: كل ذرة كربون ترتبط بأربع روابط أحادية، فتكون الصيغة CnH2n+2 (الميثان CH4 حين n = 1). للمزيد: https://en.wikipedia.org/wiki/Alkane',
    },
    {
      type: 'choices',
      text: 'عند المهبط في الخلية الجلفانية يحدث:',
      answers: ['أكسدة', 'اختزال', 'تعادل', 'تحلل'],
      correct: 1,
    },
    { type: 'truefalse', text: 'الميثان أبسط المركبات العضوية.', correct: true },
    ...GENERIC,
  ],
  // الأحياء
  [
    {
      type: 'choices',
      text: 'عدد عظام العمود الفقري في الإنسان:',
      answers: ['٢٦ فقرة', '٣٣ فقرة', '١٢ فقرة', '٢٤ فقرة'],
      correct: 1,
    },
    {
      type: 'truefalse',
      text: 'الحمض النووي DNA يوجد في النواة فقط.',
      correct: false,
      explain: 'يوجد أيضاً في الميتوكوندريا والبلاستيدات.',
    },
    ...GENERIC,
  ],
  // اللغة العربية
  [
    {
      type: 'choices',
      text: 'كلمة «مساجد» ممنوعة من الصرف لأنها:',
      answers: ['علم مؤنث', 'صيغة منتهى الجموع', 'صفة على وزن أفعل', 'علم أعجمي'],
      correct: 1,
    },
    {
      type: 'choices',
      text: 'في قولنا «ما أجملَ السماءَ!» الأسلوب:',
      answers: ['مدح', 'تعجب', 'استفهام', 'نداء'],
      correct: 1,
    },
    { type: 'truefalse', text: 'الاستعارة تشبيه حُذف أحد طرفيه.', correct: true },
    ...GENERIC,
  ],
  // English
  [
    {
      type: 'choices',
      text: 'If I ___ you, I would study harder.',
      answers: ['am', 'was', 'were', 'be'],
      correct: 2,
    },
    {
      type: 'choices',
      text: 'The letter ___ yesterday.',
      answers: ['was sent', 'sent', 'is sending', 'has send'],
      correct: 0,
    },
    { type: 'truefalse', text: '"Who" is used for people in relative clauses.', correct: true },
    { type: 'essay', text: 'Write a short paragraph about your favourite book.' },
  ],
  // التاريخ والجغرافيا
  [
    {
      type: 'choices',
      text: 'بدأت الحملة الفرنسية على مصر عام:',
      answers: ['١٧٩٨', '١٨٠٥', '١٨٨٢', '١٩١٩'],
      correct: 0,
    },
    { type: 'truefalse', text: 'تولى محمد علي حكم مصر عام ١٨٠٥.', correct: true },
    ...GENERIC,
  ],
];
