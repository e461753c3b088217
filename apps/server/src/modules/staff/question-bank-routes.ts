import type { FastifyInstance } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { questionsByIds } from '../exams/question-admin';
import {
  createExamDrawRule,
  createQuestionBank,
  deleteExamDrawRule,
  deleteQuestionBank,
  drawPreview,
  getExamDrawRule,
  getQuestionBank,
  listExamDrawRules,
  listQuestionBanks,
  updateExamDrawRule,
  updateQuestionBank,
} from '../exams/question-banks';
import { actorOf, found } from './staff-request';
import { teacherScopeOf } from '../../db/teacher-scope';

/**
 * Question banks, exams' draw rules and the draw preview (issue 26, ADR 046): the roles come
 * from the contract entries. Registered by staffRoutes.
 */
export function serveQuestionBanks(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const e = endpoints;

  serve(app, e.staffListQuestionBanks, async (request) =>
    listQuestionBanks(db, request.query, await teacherScopeOf(db, request)),
  );
  serve(app, e.staffGetQuestionBank, async (request) =>
    found(await getQuestionBank(db, request.params.id)),
  );
  serve(app, e.staffCreateQuestionBank, async (request) => ({
    data: await createQuestionBank(db, await actorOf(request), request.body, ctx.clock.now()),
  }));
  serve(app, e.staffUpdateQuestionBank, async (request) => ({
    data: await updateQuestionBank(db, await actorOf(request), request.params.id, request.body),
  }));
  serve(app, e.staffDeleteQuestionBank, async (request) => {
    await deleteQuestionBank(db, await actorOf(request), request.params.id);
    return { data: { id: request.params.id } };
  });

  serve(app, e.staffListExamDrawRules, async (request) =>
    listExamDrawRules(db, request.query, await teacherScopeOf(db, request)),
  );
  serve(app, e.staffGetExamDrawRule, async (request) =>
    found(await getExamDrawRule(db, request.params.id)),
  );
  serve(app, e.staffCreateExamDrawRule, async (request) => ({
    data: await createExamDrawRule(db, await actorOf(request), request.body),
  }));
  serve(app, e.staffUpdateExamDrawRule, async (request) => ({
    data: await updateExamDrawRule(db, await actorOf(request), request.params.id, request.body),
  }));
  serve(app, e.staffDeleteExamDrawRule, async (request) => {
    await deleteExamDrawRule(db, await actorOf(request), request.params.id);
    return { data: { id: request.params.id } };
  });
  serve(app, e.staffExamDrawPreview, async (request) => ({
    data: await drawPreview(db, request.params.id, request.query.seed, questionsByIds),
  }));
}
