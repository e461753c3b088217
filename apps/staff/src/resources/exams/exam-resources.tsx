import { lazy } from 'react';
import { lazyPage } from '../../components/lazy-page';
import { Route } from 'react-router-dom';
import QuizIcon from '@mui/icons-material/Quiz';
import type { ResourceProps } from 'react-admin';

// The exam screens are their own chunks (ADR 026): the console's first load does not carry
// them, and react-admin's layout shows its spinner while one arrives.
const ExamList = lazy(() => import('./exam-list'));
const ExamCreate = lazyPage(() => import('./exam-edit'), 'ExamCreate');
const ExamEdit = lazyPage(() => import('./exam-edit'), 'ExamEdit');
const ExamPreview = lazy(() => import('./exam-preview'));
const QuestionCreate = lazyPage(() => import('./question-edit'), 'QuestionCreate');
const QuestionEdit = lazyPage(() => import('./question-edit'), 'QuestionEdit');

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
