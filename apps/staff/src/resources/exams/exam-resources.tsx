import { lazy } from 'react';
import { Route } from 'react-router-dom';
import QuizIcon from '@mui/icons-material/Quiz';
import type { ResourceProps } from 'react-admin';

// The exam screens are their own chunks (ADR 026): the console's first load does not carry
// them, and react-admin's layout shows its spinner while one arrives.
const ExamList = lazy(() => import('./exam-list'));
const ExamCreate = lazy(() => import('./exam-edit').then((m) => ({ default: m.ExamCreate })));
const ExamEdit = lazy(() => import('./exam-edit').then((m) => ({ default: m.ExamEdit })));
const ExamPreview = lazy(() => import('./exam-preview'));
const QuestionCreate = lazy(() =>
  import('./question-edit').then((m) => ({ default: m.QuestionCreate })),
);
const QuestionEdit = lazy(() =>
  import('./question-edit').then((m) => ({ default: m.QuestionEdit })),
);

/** Exams and homework, with the student preview at /exams/:id/preview. */
export const examsResource: ResourceProps = {
  name: 'exams',
  list: ExamList,
  create: ExamCreate,
  edit: ExamEdit,
  icon: QuizIcon,
  recordRepresentation: 'name',
  children: <Route path=":id/preview" element={<ExamPreview />} />,
};

/** Questions have no list of their own (not in the menu): they are edited from their exam. */
export const questionsResource: ResourceProps = {
  name: 'questions',
  create: QuestionCreate,
  edit: QuestionEdit,
  recordRepresentation: 'text',
};
