// The demo catalogue: realistic Arabic content for an Egyptian secondary school.

/** In the school's order (`position`): the preparatory grade before the secondary ones. */
export const GRADES = [
  'الصف الثالث الإعدادي',
  'الصف الأول الثانوي',
  'الصف الثاني الثانوي',
  'الصف الثالث الثانوي',
];

export const CATEGORIES = [
  { name: 'الرياضيات', glyph: 'ر', hue: 210 },
  { name: 'الفيزياء', glyph: 'ف', hue: 265 },
  { name: 'الكيمياء', glyph: 'ك', hue: 150 },
  { name: 'الأحياء', glyph: 'ح', hue: 120 },
  { name: 'اللغة العربية', glyph: 'ع', hue: 25 },
  { name: 'اللغة الإنجليزية', glyph: 'E', hue: 340 },
  { name: 'التاريخ والجغرافيا', glyph: 'ت', hue: 45 },
];

export type TeacherSeed = {
  name: string;
  bio: string;
  hue: number;
  phone?: string;
  email?: string;
  whatsapp_url?: string;
  facebook_url?: string;
  messenger_url?: string;
  twitter_url?: string;
  youtube_url?: string;
  telegram_url?: string;
};

export const TEACHERS: TeacherSeed[] = [
  {
    name: 'أ. محمد عبد الحميد',
    bio: 'مدرس أول فيزياء بخبرة خمسة عشر عاماً في تدريس الثانوية العامة.',
    hue: 265,
    phone: '01001234561',
    email: 'mohamed.abdelhamid@dars.example',
    whatsapp_url: 'https://wa.me/201001234561',
    facebook_url: 'https://facebook.com/mr.mohamed.physics',
    youtube_url: 'https://youtube.com/@mr.mohamed.physics',
    telegram_url: 'https://t.me/mr_mohamed_physics',
  },
  {
    name: 'أ. سارة الشناوي',
    bio: 'مدرسة كيمياء، تشرح المنهج بالتجارب والأمثلة من الحياة اليومية.',
    hue: 150,
    email: 'sara.elshenawy@dars.example',
    facebook_url: 'https://facebook.com/sara.chemistry',
    messenger_url: 'https://m.me/sara.chemistry',
  },
  {
    name: 'أ. أحمد فوزي',
    bio: 'مدرس رياضيات للمرحلة الثانوية، متخصص في التفاضل والتكامل والجبر.',
    hue: 210,
    phone: '01101234562',
    whatsapp_url: 'https://wa.me/201101234562',
    twitter_url: 'https://twitter.com/ahmed_fawzy_math',
    youtube_url: 'https://youtube.com/@ahmedfawzymath',
  },
  {
    name: 'أ. منى الجمال',
    bio: 'مدرسة لغة عربية: نحو وبلاغة وأدب وقصة، بأسلوب مبسّط.',
    hue: 25,
    telegram_url: 'https://t.me/mona_arabic',
  },
  {
    name: 'Mr. Karim Adel',
    bio: 'مدرس لغة إنجليزية، خبير في قواعد اللغة ومهارات الكتابة والقراءة.',
    hue: 340,
    email: 'karim.adel@dars.example',
    youtube_url: 'https://youtube.com/@mrkarimadel',
  },
  {
    name: 'د. هالة منصور',
    bio: 'دكتوراه في العلوم البيولوجية، تدرّس الأحياء للثانوية العامة.',
    hue: 120,
    phone: '01201234563',
  },
];

export type CourseSeed = {
  name: string;
  description: string;
  category: number;
  grades: number[];
  teachers: number[];
  pay_type: 'course' | 'lectures';
  /** pounds */
  price: number;
  featured?: boolean;
  show_preview?: boolean;
  users_limit?: number;
  lectures: string[];
};

const LONG_INTRO =
  'هذه الدورة مصممة خصيصاً لطلاب الثانوية العامة الذين يريدون فهم المنهج من جذوره لا حفظه فقط. ' +
  'نبدأ كل درس بفكرة بسيطة من الحياة اليومية، ثم نبني عليها خطوة بخطوة حتى نصل إلى مستوى أسئلة الامتحان. ' +
  'في نهاية كل محاضرة ستجد ملخصاً قابلاً للطباعة وواجباً قصيراً يساعدك على تثبيت ما تعلمته، ' +
  'بالإضافة إلى امتحان دوري يقيس مستواك ويخبرك بنقاط الضعف التي تحتاج إلى مراجعة. ' +
  'الدورة مناسبة للمذاكرة الذاتية، ويمكنك مشاهدة الفيديوهات بالترتيب الذي يناسبك.';

export const COURSES: CourseSeed[] = [
  {
    name: 'الفيزياء الحديثة — الصف الثالث الثانوي',
    description: `${LONG_INTRO} نغطي في هذه الدورة الكهربية التيارية والمغناطيسية والفيزياء الحديثة كاملة.`,
    category: 1,
    grades: [3],
    teachers: [0],
    pay_type: 'course',
    price: 350,
    featured: true,
    show_preview: true,
    lectures: [
      'مقدمة في التيار الكهربي',
      'قانون أوم وتوصيل المقاومات',
      'قانونا كيرشوف',
      'التأثير المغناطيسي للتيار',
      'الحث الكهرومغناطيسي',
      'ازدواجية الموجة والجسيم',
    ],
  },
  {
    name: 'الكيمياء العضوية من الصفر',
    description: `${LONG_INTRO} تشمل الهيدروكربونات ومشتقاتها وطرق تسميتها وتفاعلاتها المهمة.`,
    category: 2,
    grades: [3],
    teachers: [1],
    pay_type: 'lectures',
    price: 0,
    featured: true,
    lectures: [
      'مدخل إلى الكيمياء العضوية',
      'الألكانات',
      'الألكينات والألكاينات',
      'الهيدروكربونات الأروماتية',
      'الكحولات',
      'الأحماض الكربوكسيلية والإسترات',
    ],
  },
  {
    name: 'التفاضل والتكامل — مراجعة نهائية',
    description:
      'مراجعة مركّزة لأهم أفكار التفاضل والتكامل مع حل نماذج امتحانات السنوات السابقة وأسئلة التفكير العليا.',
    category: 0,
    grades: [3],
    teachers: [2],
    pay_type: 'course',
    price: 250,
    featured: true,
    lectures: [
      'الاشتقاق وقواعده',
      'تطبيقات التفاضل',
      'التكامل غير المحدد',
      'التكامل المحدد والمساحات',
    ],
  },
  {
    name: 'النحو الميسّر للثانوية العامة',
    description:
      'شرح مبسّط لقواعد النحو المقررة: الممنوع من الصرف، والأساليب، والتوابع، مع تدريبات على الإعراب.',
    category: 4,
    grades: [1, 2, 3],
    teachers: [3],
    pay_type: 'course',
    price: 0,
    featured: true,
    show_preview: true,
    lectures: [
      'الممنوع من الصرف',
      'أسلوب التعجب',
      'أسلوب المدح والذم',
      'التوابع: النعت والتوكيد',
      'البدل والعطف',
    ],
  },
  {
    name: 'English Grammar Booster',
    description:
      'دورة قواعد اللغة الإنجليزية لطلاب الثانوية: الأزمنة، المبني للمجهول، الجمل الشرطية، وكتابة المقال.',
    category: 5,
    grades: [2, 3],
    teachers: [4],
    pay_type: 'lectures',
    price: 0,
    featured: true,
    lectures: [
      'Tenses review',
      'Passive voice',
      'Conditionals',
      'Relative clauses',
      'Essay writing',
    ],
  },
  {
    name: 'الأحياء: الدعامة والحركة',
    description:
      'شرح تفصيلي لباب الدعامة والحركة في الكائنات الحية مع رسومات توضيحية وأسئلة على نظام الامتحان الجديد.',
    category: 3,
    grades: [3],
    teachers: [5],
    pay_type: 'course',
    price: 200,
    lectures: ['الدعامة في النبات', 'الهيكل العظمي في الإنسان', 'المفاصل', 'الانقباض العضلي'],
  },
  {
    name: 'الجبر وحساب المثلثات — الصف الأول الثانوي',
    description: 'أساسيات الجبر والمعادلات وحساب المثلثات بأسلوب يناسب بداية المرحلة الثانوية.',
    category: 0,
    grades: [1],
    teachers: [2],
    pay_type: 'lectures',
    price: 0,
    lectures: [
      'المعادلات من الدرجة الثانية',
      'الدوال وتمثيلها',
      'النسب المثلثية',
      'الزاوية الموجهة',
    ],
  },
  {
    name: 'الكيمياء الكهربية',
    description:
      'الخلايا الجلفانية والإلكتروليتية، وحسابات فاراداي، وتطبيقات الطلاء الكهربي والتآكل.',
    category: 2,
    grades: [3],
    teachers: [1],
    pay_type: 'course',
    price: 180,
    show_preview: true,
    users_limit: 500,
    lectures: ['الأكسدة والاختزال', 'الخلايا الجلفانية', 'الخلايا الإلكتروليتية', 'قوانين فاراداي'],
  },
  {
    name: 'البلاغة والنصوص',
    description:
      'التشبيه والاستعارة والكناية والمحسنات البديعية، مع تحليل نصوص المنهج وأسئلة التذوق الأدبي.',
    category: 4,
    grades: [2, 3],
    teachers: [3],
    pay_type: 'lectures',
    price: 0,
    lectures: ['التشبيه وأركانه', 'الاستعارة', 'الكناية', 'المحسنات البديعية'],
  },
  {
    name: 'الفيزياء للصف الأول الثانوي',
    description: 'القياس الفيزيائي والحركة في خط مستقيم وقوانين نيوتن، بأمثلة محلولة خطوة بخطوة.',
    category: 1,
    grades: [1],
    teachers: [0],
    pay_type: 'course',
    price: 0,
    lectures: ['القياس الفيزيائي', 'الحركة في خط مستقيم', 'قوانين نيوتن للحركة'],
  },
  {
    name: 'Reading & Vocabulary',
    description: 'تنمية مهارات القراءة والفهم وبناء حصيلة مفردات قوية مع قصص المنهج.',
    category: 5,
    grades: [1],
    teachers: [4],
    pay_type: 'course',
    price: 120,
    lectures: ['Reading strategies', 'Word formation', 'The novel: chapters 1-4'],
  },
  {
    name: 'تاريخ مصر الحديث',
    description: 'من الحملة الفرنسية إلى ثورة يوليو: الأحداث والشخصيات وأسئلة المقال التاريخي.',
    category: 6,
    grades: [3],
    teachers: [3],
    pay_type: 'lectures',
    price: 0,
    lectures: [
      'الحملة الفرنسية',
      'عصر محمد علي',
      'الثورة العرابية',
      'ثورة 1919',
      'ثورة يوليو 1952',
    ],
  },
  {
    name: 'الرياضيات للصف الثالث الإعدادي',
    description:
      'تأسيس قوي قبل المرحلة الثانوية: الدوال، الإحصاء، حساب المثلثات، والهندسة التحليلية.',
    category: 0,
    grades: [0],
    teachers: [2],
    pay_type: 'course',
    price: 150,
    featured: true,
    lectures: ['العلاقات والدوال', 'الإحصاء', 'حساب المثلثات', 'الهندسة التحليلية'],
  },
  {
    name: 'علم الوراثة',
    description:
      'قوانين مندل، الحمض النووي، الشفرة الوراثية وتخليق البروتين، مع مسائل الوراثة المحلولة.',
    category: 3,
    grades: [3],
    teachers: [5],
    pay_type: 'lectures',
    price: 0,
    show_preview: true,
    lectures: ['قوانين مندل', 'الحمض النووي DNA', 'تخليق البروتين', 'مسائل الوراثة'],
  },
  {
    name: 'الكيمياء للصف الثاني الثانوي',
    description: 'الجدول الدوري، الروابط الكيميائية، وعناصر الفئة s و p، مع تجارب مصورة.',
    category: 2,
    grades: [2],
    teachers: [1],
    pay_type: 'course',
    price: 0,
    lectures: ['الجدول الدوري الحديث', 'الروابط الكيميائية', 'عناصر الفئة s'],
  },
  {
    name: 'مراجعة ليلة الامتحان — فيزياء',
    description:
      'مراجعة مكثفة في محاضرات قصيرة لأهم القوانين والأفكار المتكررة في امتحانات الفيزياء.',
    category: 1,
    grades: [3],
    teachers: [0],
    pay_type: 'course',
    price: 99,
    // Three seats: the demo students hold two (demo-sales.ts), so one more student fills it.
    users_limit: 3,
    lectures: ['الكهربية في ساعة', 'المغناطيسية في ساعة', 'الفيزياء الحديثة في ساعة'],
  },
  {
    name: 'القصة: الأيام لطه حسين',
    description: 'تحليل فصول قصة الأيام والشخصيات والأسئلة المتوقعة.',
    category: 4,
    grades: [3],
    teachers: [3],
    pay_type: 'course',
    price: 80,
    lectures: ['الفصول 1–6', 'الفصول 7–12', 'الفصول 13–18'],
  },
  {
    name: 'الجغرافيا: مصر والعالم',
    description: 'الجغرافيا السياسية والاقتصادية لمصر وعلاقتها بالعالم، مع الخرائط والرسومات.',
    category: 6,
    grades: [2],
    teachers: [3],
    pay_type: 'course',
    price: 0,
    lectures: ['موقع مصر', 'الموارد الاقتصادية', 'السكان'],
  },
];

export const VIDEO_NAMES = ['شرح الدرس', 'حل التمارين', 'أسئلة على نظام الامتحان'];

export const ANNOUNCEMENT =
  'مرحباً بكم في منصة دَرس! تبدأ امتحانات الشهر يوم السبت القادم، راجع محاضراتك جيداً. بالتوفيق للجميع.';
