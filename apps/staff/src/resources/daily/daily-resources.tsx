import { lazy } from 'react';
import { lazyPage } from '../../components/lazy-page';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RateReviewIcon from '@mui/icons-material/RateReview';
import AssessmentIcon from '@mui/icons-material/Assessment';
import type { ResourceProps } from 'react-admin';

// The daily-work screens (issue 13, ADR 031), each its own chunk like the exam screens.
const SupportTicketList = lazyPage(() => import('./support-tickets'), 'SupportTicketList');
const SupportTicketShow = lazyPage(() => import('./support-tickets'), 'SupportTicketShow');
const MobilePaymentList = lazyPage(() => import('./mobile-payments'), 'MobilePaymentList');
const MobilePaymentShow = lazyPage(() => import('./mobile-payments'), 'MobilePaymentShow');
const MarkingList = lazy(() => import('./marking'));
const ExamSessionList = lazy(() => import('./exam-sessions'));

/** Support inbox: list, then one ticket's thread with the reply form. */
export const supportTicketsResource: ResourceProps = {
  name: 'support-tickets',
  list: SupportTicketList,
  show: SupportTicketShow,
  icon: SupportAgentIcon,
  recordRepresentation: 'title',
};

/** Mobile-wallet recharges waiting for review (ADR 025). */
export const mobilePaymentsResource: ResourceProps = {
  name: 'mobile-payments',
  list: MobilePaymentList,
  show: MobilePaymentShow,
  icon: ReceiptLongIcon,
};

/** Essay answers waiting for marks, marked in place. */
export const markingResource: ResourceProps = {
  name: 'marking',
  list: MarkingList,
  icon: RateReviewIcon,
};

/** Exam sessions with scores, and the results CSV of an exam. */
export const examSessionsResource: ResourceProps = {
  name: 'exam-sessions',
  list: ExamSessionList,
  icon: AssessmentIcon,
};
