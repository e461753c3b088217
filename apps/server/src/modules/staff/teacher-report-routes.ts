import { endpoints } from '@dars/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { csvChunks, sendCsv } from '../../lib/csv-export';
import { serve } from '../../plugins/endpoint';
import { TEACHER_STATEMENT_COLUMNS, teacherStatement } from '../reports/teacher-statements';
import { TEACHER_STUDENT_COLUMNS, teacherStudents } from '../reports/teacher-students';
import { notFound } from './staff-core';

// A teacher's reports (ADR 048), computed in modules/reports: their monthly statement and
// their students, each with its CSV.

/**
 * The statement's calls: the admin's for any teacher, a teacher's login for their own (its
 * scope rule answers another teacher's 404); 404 for a teacher that does not exist.
 */
export function serveTeacherStatements(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const statementOf = async (id: number, month: string | undefined) => {
    const statement = await teacherStatement(db, id, month, ctx.clock.now());
    if (!statement) throw notFound();
    return statement;
  };
  serve(app, endpoints.staffGetTeacherStatement, async (request) => ({
    data: await statementOf(request.params.id, request.query.month),
  }));
  serve(app, endpoints.staffExportTeacherStatement, async (request, reply) => {
    const statement = await statementOf(request.params.id, request.query.month);
    return sendCsv(
      reply,
      `teacher-${statement.teacher.id}-statement-${statement.month}.csv`,
      csvChunks(TEACHER_STATEMENT_COLUMNS, async (page) => (page === 1 ? statement.lines : [])),
    );
  });
}

/**
 * The calls: any teacher's for the admin and leaders, a teacher's login its own (its scope rule
 * answers another teacher's 404); 404 for a teacher that does not exist.
 */
export function serveTeacherStudents(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const teacher = async (id: number) => {
    const row = await db
      .selectFrom('teachers')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row.id;
  };
  serve(app, endpoints.staffListTeacherStudents, async (request) =>
    teacherStudents(db, await teacher(request.params.id), request.query),
  );
  serve(app, endpoints.staffExportTeacherStudents, async (request, reply) => {
    const id = await teacher(request.params.id);
    return sendCsv(
      reply,
      `teacher-${id}-students.csv`,
      csvChunks(
        TEACHER_STUDENT_COLUMNS,
        async (page, size) =>
          (await teacherStudents(db, id, { ...request.query, page, per_page: size })).data,
      ),
    );
  });
}
