import { translator } from './t';

/**
 * The wallet's texts (spec §2 wallet, §5 recharge and transfer, §8 wallet messages). They load
 * with the wallet's route instead of with the app, so the first load does not carry them
 * (ADR 020); everything else about them is as in `ar.ts`. Texts quoted by the spec are kept
 * exactly as the spec writes them.
 */
export const arWallet = {
  page: {
    title: 'المحفظة',
    loading: 'جارٍ تحميل المحفظة',
    /** spec §8: the wallet data's failure */
    loadFailed: 'حدثت مشكلة أثناء تحميل بيانات المحفظة',
    balance: 'رصيدك الحالي',
    recharge: 'شحن الرصيد',
    transfer: 'تحويل رصيد',
  },
  address: {
    title: 'عنوان محفظتك',
    hint: 'شارك هذا العنوان مع زميلك ليحوّل إليك رصيداً.',
    copy: 'نسخ العنوان',
    copied: 'تم نسخ عنوان المحفظة',
    copyFailed: 'تعذر النسخ، انسخ العنوان يدوياً',
    qr: 'رمز QR لعنوان محفظتك',
  },
  notices: {
    /** spec §2: the pending-review notice; `{requests}` is a counted phrase. */
    pending: 'لديك {requests} قيد المراجعة. سيُضاف المبلغ إلى رصيدك بعد أن يراجعه فريقنا.',
    /** spec §2: the transfers-success notice (ADR 020). */
    transferDone: 'تم تحويل {amount} إلى المحفظة {address}. رصيدك الآن {balance}.',
    /** spec §8: the payment-problem banner, above the text of `?error=`. */
    paymentProblem: 'حدثت مشكلة أثناء الدفع',
    dismiss: 'إخفاء',
  },
  transactions: {
    title: 'سجل المعاملات',
    empty: 'لا توجد معاملات في محفظتك بعد.',
    loadMore: 'عرض المزيد',
    loadMoreFailed: 'تعذر تحميل المزيد من المعاملات، حاول مرة أخرى',
    type: 'العملية',
    name: 'البيان',
    value: 'القيمة',
    balanceAfter: 'الرصيد بعدها',
    date: 'التاريخ',
    comment: 'ملاحظات',
    balanceAfterLine: 'الرصيد بعدها: {balance}',
    to: 'إلى {name}',
    from: 'من {name}',
    none: '—',
    types: {
      recharge: 'شحن رصيد',
      lecture_purchase: 'شراء محاضرة',
      course_purchase: 'شراء دورة',
      balance_transfer: 'تحويل رصيد',
      admin_balance_update: 'تعديل من الإدارة',
      /** spec §3: a staff balance adjustment */
      support: 'تسوية من الدعم الفني',
    },
  },
  recharge: {
    title: 'شحن الرصيد',
    stepStart: 'المبلغ وطريقة الشحن',
    stepCheckout: 'إتمام الشحن',
    amount: 'المبلغ بالجنيه',
    method: 'طريقة الشحن',
    noMethods: 'لا توجد طريقة شحن متاحة الآن.',
    cardNeedsNoAmount: 'تُضاف قيمة الكارت كاملةً إلى رصيدك، فلا حاجة لكتابة مبلغ.',
    next: 'التالي',
    back: 'رجوع',
    amountLine: 'المبلغ: {amount}',
    methods: {
      recharge_card: 'كارت شحن',
      mobile_wallets: 'تحويل من محفظة موبايل',
      paymob_card: 'بطاقة بنكية',
      paymob_wallet: 'محفظة موبايل (دفع إلكتروني)',
      paymob_kiosk: 'منافذ الدفع',
      paymob_installment: 'التقسيط',
      fawry: 'فوري',
      fawry_staging: 'فوري (تجريبي)',
      kashier: 'كاشير',
    },
    methodHints: {
      recharge_card: 'اكتب كود الكارت وتُضاف قيمته فوراً',
      mobile_wallets: 'حوّل المبلغ ثم أرسل صورة الإيصال، ويُضاف بعد المراجعة',
      paymob_card: 'فيزا أو ماستركارد أو ميزة',
      paymob_wallet: 'ادفع من محفظتك ويُضاف المبلغ فور الدفع',
      paymob_kiosk: 'احصل على رقم مرجعي وادفع نقداً في أقرب منفذ',
      paymob_installment: 'قسّط المبلغ على بطاقتك البنكية',
      fawry: 'ادفع ببطاقتك أو برقم مرجعي من فوري',
      fawry_staging: 'بيئة فوري التجريبية',
      kashier: 'تُفتح صفحة الدفع في نافذة جديدة',
    },
    /** spec §5, the mobile wallet and the recharge card */
    fieldRequired: 'لا يمكنك ترك الحقل فارغاً',
    /** spec §5 */
    formInvalid: 'من فضلك املأ الحقول المطلوبة',
    /** spec §2, §9: native apps pay online through the web site */
    webWalletNote: 'الدفع الإلكتروني (البطاقات البنكية وفوري وغيرها) متاح من موقعنا على الويب.',
    webWalletLink: 'الشحن من موقع الويب',
  },
  card: {
    code: 'كود الكارت',
    codeHint: 'اكتب الكود كما هو مطبوع على الكارت',
    submit: 'شحن الرصيد',
    /** spec §8: the card is charged and the balance added */
    done: 'تم شحن الكارت وإضافة قيمته إلى رصيدك',
    failed: 'حدثت مشكلة أثناء شحن الكارت، حاول مرة أخرى',
    /** PAYCARD_TARGET_VALIDATION_FAILD: a card made for one course or lecture */
    targeted: 'هذا الكارت مخصص لشراء دورة أو محاضرة، ولا يمكن شحن المحفظة به',
  },
  mobileWallet: {
    sendTo: 'حوّل {amount} إلى رقم المحفظة التالي، ثم أرسل بيانات التحويل:',
    sendToAny: 'حوّل {amount} إلى رقم المحفظة الذي أرسله لك الدعم الفني، ثم أرسل بيانات التحويل.',
    payerNumber: 'رقم المحفظة التي حوّلت منها',
    receipt: 'صورة إيصال التحويل',
    chooseReceipt: 'اختر صورة الإيصال',
    changeReceipt: 'تغيير الصورة',
    message: 'رسالة (اختياري)',
    submit: 'إرسال الطلب',
    /** spec §8: the operation will be reviewed */
    done: 'تم إرسال طلبك، ستتم مراجعة العملية ثم يُضاف المبلغ إلى رصيدك',
    /** spec §8: LESS_THAN_MIN_AMOUNT */
    lessThanMin: 'المبلغ أقل من الحد الأدنى للشحن',
    /** spec §8: otherwise a retry message */
    failed: 'حدثت مشكلة أثناء إرسال الطلب، حاول مرة أخرى',
  },
  gateway: {
    lead: 'ستدفع {amount} عن طريق {method}.',
    pay: 'متابعة الدفع',
    redirecting: 'جارٍ تحويلك إلى صفحة الدفع…',
    installmentFrame: 'صفحة الدفع بالتقسيط',
    openPage: 'فتح صفحة الدفع',
    outsideNote:
      'تُفتح صفحة الدفع في نافذة جديدة. بعد إتمام الدفع عُد إلى هنا، ويُضاف المبلغ إلى رصيدك فور تأكيده.',
    popupNote: 'تظهر نافذة فوري لإتمام الدفع، ويُضاف المبلغ إلى رصيدك فور تأكيده.',
    finished: 'أتممت الدفع',
    pending: 'سيُضاف المبلغ إلى رصيدك فور تأكيد الدفع',
    orderFailed: 'تعذر بدء عملية الدفع، حاول مرة أخرى',
    scriptFailed: 'تعذر تحميل نافذة الدفع من فوري، حاول مرة أخرى',
    cancelled: 'لم تكتمل عملية الدفع',
  },
  transfer: {
    title: 'تحويل رصيد',
    address: 'عنوان المحفظة المُحوَّل إليها',
    amount: 'المبلغ بالجنيه',
    amountHint: 'رصيدك الحالي {balance}',
    moreThanBalance: 'المبلغ أكبر من رصيدك',
    fee: 'رسوم التحويل: {fee}',
    total: 'يُخصم من رصيدك: {total}',
    /** Looks the address up and shows who receives (ADR 038). */
    next: 'التالي',
    confirmTitle: 'تأكد من المستلم',
    confirmLead: 'راجع اسم المستلم ورقم هاتفه قبل التأكيد، فلا يمكن استرجاع الرصيد بعد تحويله.',
    recipientName: 'المستلم',
    recipientPhone: 'رقم الهاتف',
    recipientAddress: 'عنوان المحفظة',
    sentAmount: 'المبلغ',
    feeAmount: 'رسوم التحويل',
    totalAmount: 'يُخصم من رصيدك',
    edit: 'تعديل البيانات',
    /** A lookup that failed for no reason the server gave. */
    lookupFailed: 'تعذر التحقق من عنوان المحفظة، حاول مرة أخرى',
    confirm: 'تأكيد التحويل',
    done: 'تم تحويل الرصيد بنجاح',
    /** spec §8: NO_ENOUGH_BALANCE */
    noEnoughBalance: 'رصيدك غير كافٍ لإتمام التحويل',
    /** spec §8: WALLET_NOT_FOUND */
    walletNotFound: 'لم يتم العثور على المحفظة المُحوَّل إليها',
    /** spec §8: CANNOT_TRANSFER_TO_YOURSELF */
    toYourself: 'لا يمكنك التحويل إلى محفظتك',
    /** spec §8: otherwise */
    failed: 'لم يتم تحويل الرصيد',
  },
  plurals: {
    /** Pending recharge requests, for `notices.pending`. */
    request: {
      one: 'طلب شحن',
      two: 'طلبا شحن',
      few: 'طلبات شحن',
      many: 'طلب شحن',
    },
  },
} as const;

/**
 * The text of a wallet key, with its `{placeholders}` filled in (checked like `t`).
 * @example tw('transfer.fee', { fee: '1.00 جنيه' }) // 'رسوم التحويل: 1.00 جنيه'
 */
export const tw = translator(arWallet);
