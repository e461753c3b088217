import { lazy } from 'react';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RateReviewIcon from '@mui/icons-material/RateReview';
import AssessmentIcon from '@mui/icons-material/Assessment';
import type { ResourceProps } from 'react-admin';

// The daily-work screens (issue 13, ADR 031), each its own chunk like the exam screens.
const SupportTicketList = lazy(() =>
  import('./support-tickets').then((m) => ({ default: m.SupportTicketList })),
);
const SupportTicketShow = lazy(() =>
  import('./support-tickets').then((m) => ({ default: m.SupportTicketShow })),
);
const MobilePaymentList = lazy(() =>
  import('./mobile-payments').then((m) => ({ default: m.MobilePaymentList })),
);
const MobilePaymentShow = lazy(() =>
  import('./mobile-payments').then((m) => ({ default: m.MobilePaymentShow })),
);
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
