import type { z } from 'zod';
import { staffEndpoints as e } from '@dars/contract';
import { callStaff } from './http';

/**
 * The text messages' calls that are not react-admin's CRUD (issue 28, ADR 053): a message to
 * the parents of a student, a grade or a course, and the retry of one that did not go.
 */
export const messageCalls = {
  sendToParents(body: z.input<typeof e.staffSendParentMessage.body>) {
    return callStaff(e.staffSendParentMessage, { body });
  },
  retry(id: number) {
    return callStaff(e.staffRetryPhoneMessage, { params: { id } });
  },
};
