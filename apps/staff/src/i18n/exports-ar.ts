import { name } from './resource-name';
/**
 * The exports' and the school-wide money lists' texts (issue 23, ADR 034). Resource names and
 * field labels merge into `resources`, the buttons' texts sit under `dars.exports`.
 */

export const exportsResourcesArabic = {
  purchases: {
    name: name('عملية شراء', 'المشتريات'),
    fields: {
      id: 'الرقم',
      q: 'بحث باسم الطالب أو هاتفه أو المحاضرة',
      student_id: 'الطالب',
      'student.name': 'الطالب',
      course_id: 'الدورة',
      'course.name': 'الدورة',
      'lecture.name': 'المحاضرة',
      price_paid: 'المدفوع',
      pay_by: 'طريقة الدفع',
      granted_by: 'منحها',
      created_at: 'تاريخ الشراء',
      expires_at: 'تنتهي في',
      from: 'من يوم',
      to: 'إلى يوم',
    },
  },
  transactions: {
    name: name('عملية محفظة', 'سجل المحفظة'),
    fields: {
      id: 'الرقم',
      q: 'بحث برقم العملية أو اسم الطالب أو هاتفه',
      serial: 'رقم العملية',
      student_id: 'الطالب',
      'student.name': 'الطالب',
      type: 'النوع',
      value: 'القيمة',
      balance_after: 'الرصيد بعدها',
      comment: 'ملاحظة',
      created_at: 'الوقت',
      from: 'من يوم',
      to: 'إلى يوم',
    },
  },
};

export const exportsArabic = {
  button: 'تنزيل ملف Excel',
  busy: 'جارٍ تجهيز الملف…',
  done: 'تم تنزيل الملف',
};
