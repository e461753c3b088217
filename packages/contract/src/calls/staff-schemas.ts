/**
 * The staff console's schemas, one file per resource (the shared building blocks in staff.ts),
 * gathered for the endpoint table (staff-endpoints.ts) and the package's index.
 */
export * from './staff';
export * from './staff-auth';
export * from './staff-named';
export * from './staff-teachers';
export * from './staff-courses';
export * from './staff-lectures';
export * from './staff-videos';
export * from './staff-attachments';
export * from './staff-uploads';
export * from './staff-exams';
export * from './staff-questions';
export * from './staff-question-banks';
export * from './staff-lecture-exams';
export * from './staff-exam-accommodations';
export * from './staff-exam-attempt-grants';
export * from './staff-item-analysis';
export * from './staff-settings';
export * from './staff-header-images';
export * from './staff-audit';
export * from './staff-accounts';
export * from './staff-mobile-payments';
export * from './staff-marking';
export * from './staff-balance';
