import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestOrigin } from '../../lib/public-url';
import { endpoints, STAFF_MESSAGES, staffAttachmentUploadBodySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { sendFile } from '../../lib/send-file';
import { validate } from '../../lib/validate';
import { bearerToken } from '../../plugins/auth';
import { signInFrom } from '../../plugins/client-headers';
import { serve } from '../../plugins/endpoint';
import { staffRoleOf } from '../../plugins/staff-role';
import { checkLogin } from '../auth/auth-service';
import { mobilePaymentReceipt } from '../wallet/mobile-payment-review';
import { issueToken, revokeToken } from '../auth/session-tokens';
import {
  acceptInvitation,
  checkInvitation,
  invitationPath,
  inviteAccount,
  mailInvitation,
} from '../auth/staff-invitations';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  updateAccount,
} from '../auth/staff-accounts';
import { listAudit } from './audit-staff';
import { adjustBalance } from '../wallet/balance-admin';
import { serveMoney } from './money-routes';
import { serveQuestionBanks } from './question-bank-routes';
import {
  approvePayment,
  getMobilePayment,
  listMobilePayments,
  rejectPayment,
} from '../wallet/mobile-payment-admin';
import { listMarking, markAnswer } from '../exams/marking-admin';
import { createExam, deleteExam, getExam, listExams, updateExam } from '../exams/exam-admin';
import {
  createAccommodation,
  deleteAccommodation,
  getAccommodation,
  listAccommodations,
  updateAccommodation,
} from '../exams/exam-accommodations';
import {
  createAttemptGrant,
  deleteAttemptGrant,
  getAttemptGrant,
  listAttemptGrants,
  updateAttemptGrant,
} from '../exams/exam-attempt-grants';
import { itemAnalysis } from '../exams/item-analysis';
import { regradeQuestion } from '../exams/regrade';
import {
  createLectureExam,
  deleteLectureExam,
  getLectureExam,
  listLectureExams,
  updateLectureExam,
} from '../exams/lecture-exam-admin';
import {
  createQuestion,
  deleteQuestion,
  getQuestion,
  listQuestions,
  setQuestionImage,
  updateQuestion,
} from '../exams/question-admin';
import {
  deleteAttachment,
  getAttachment,
  listAttachments,
  updateAttachment,
  uploadAttachment,
} from '../attachments/attachment-admin';
import {
  createVideo,
  deleteVideo,
  getVideo,
  listVideos,
  retryVideoTranscode,
  updateVideo,
} from '../videos/video-admin';
import { uploadImage } from './image-upload';
import {
  createCourse,
  deleteCourse,
  getCourse,
  listCourses,
  setCourseImage,
  updateCourse,
} from '../courses/course-admin';
import {
  createLecture,
  deleteLecture,
  getLecture,
  listLectures,
  orderLectures,
  updateLecture,
} from '../lectures/lecture-admin';
import {
  createNamed,
  deleteNamed,
  getNamed,
  listNamed,
  updateNamed,
} from '../settings/named-list-admin';
import {
  headerImages,
  putHeaderImages,
  staffSettings,
  updateStaffSettings,
} from '../settings/settings-admin';
import { notFound, writeAudit } from './staff-core';
import {
  createTeacher,
  deleteTeacher,
  getTeacher,
  listTeachers,
  setTeacherImage,
  updateTeacher,
} from '../teachers/teacher-admin';
import { servePeople } from './people-routes';
import { serveMessages } from './message-routes';
import { serveStudentDevices } from './device-routes';
import { serveExports } from './export-routes';
import { serveTeacherStatements, serveTeacherStudents } from './teacher-report-routes';
import { serveProgressReports } from '../progress/progress-staff';
import { supportStaffRoutes } from './support-staff-routes';
import { actorOf, found } from './staff-request';
import { ensureInScope, teacherOfAccount, teacherScopeOf } from '../../db/teacher-scope';
import { scopeTeacherCalls } from './teacher-scope-rules';

/** The staff API (ADR 022): every route's role comes from its contract entry. */
export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    const e = endpoints;
    // Calls opened to teachers keep them in their own records (ADR 048): first, so every
    // route below gets its rule.
    scopeTeacherCalls(app, db);

    // Sign-in: a staff account's e-mail and password, with the students' login limits.
    /** The signed-in staff member as the console keeps them; a teacher with their profile. */
    const staffUser = async (row: {
      id: number;
      name: string;
      email: string | null;
      group_id: number | null;
    }) => {
      const role = staffRoleOf(row.group_id);
      if (role === null) throw new AppError('FORBIDDEN', STAFF_MESSAGES.notStaff);
      // A staff account always has an e-mail (it signs in with it); only students may lack one.
      const user = { id: row.id, name: row.name, email: row.email ?? '', role };
      // A teacher login with no profile (yet) works as no one.
      const teacher = await teacherOfAccount(db, row.id, row.group_id);
      if (!teacher) return user;
      return { ...user, teacher_id: teacher.teacherId, may_set_prices: teacher.maySetPrices };
    };
    serve(app, e.staffLogin, async (request) => {
      const row = await checkLogin(db, request.body.email, request.body.password, request.ip);
      const user = await staffUser(row);
      const token = await issueToken(db, row.id, signInFrom(request));
      return { data: { token, user } };
    });
    serve(app, e.staffMe, async (request) => ({
      data: await staffUser(await request.requireUser()),
    }));
    serve(app, e.staffLogout, async (request) => {
      await revokeToken(db, bearerToken(request)!);
      return { data: { message: 'تم تسجيل الخروج' } };
    });

    for (const table of ['grades', 'categories'] as const) {
      const names =
        table === 'grades'
          ? ([
              e.staffListGrades,
              e.staffGetGrade,
              e.staffCreateGrade,
              e.staffUpdateGrade,
              e.staffDeleteGrade,
            ] as const)
          : ([
              e.staffListCategories,
              e.staffGetCategory,
              e.staffCreateCategory,
              e.staffUpdateCategory,
              e.staffDeleteCategory,
            ] as const);
      const [list, get, create, update, remove] = names;
      // School-wide lookups a teacher's course form reads too; only leaders and admins change them.
      serve(app, list, async (request) => listNamed(db, table, request.query));
      serve(app, get, async (request) => found(await getNamed(db, table, request.params.id)));
      serve(app, create, async (request) => ({
        data: await createNamed(db, await actorOf(request), table, request.body),
      }));
      serve(app, update, async (request) => ({
        data: await updateNamed(db, await actorOf(request), table, request.params.id, request.body),
      }));
      serve(app, remove, async (request) => {
        await deleteNamed(db, await actorOf(request), table, request.params.id);
        return { data: { id: request.params.id } };
      });
    }

    serve(app, e.staffListTeachers, async (request) =>
      listTeachers(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetTeacher, async (request) =>
      found(await getTeacher(db, request.params.id)),
    );
    serve(app, e.staffCreateTeacher, async (request) => ({
      data: await createTeacher(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffUpdateTeacher, async (request) => ({
      data: await updateTeacher(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteTeacher, async (request) => {
      await deleteTeacher(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffListCourses, async (request) =>
      listCourses(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetCourse, async (request) => found(await getCourse(db, request.params.id)));
    serve(app, e.staffCreateCourse, async (request) => ({
      data: await createCourse(
        db,
        await actorOf(request),
        request.body,
        await teacherScopeOf(db, request),
      ),
    }));
    serve(app, e.staffUpdateCourse, async (request) => ({
      data: await updateCourse(
        db,
        await actorOf(request),
        request.params.id,
        request.body,
        await teacherScopeOf(db, request),
      ),
    }));
    serve(app, e.staffDeleteCourse, async (request) => {
      await deleteCourse(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffListLectures, async (request) =>
      listLectures(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetLecture, async (request) =>
      found(await getLecture(db, request.params.id)),
    );
    serve(app, e.staffCreateLecture, async (request) => ({
      data: await createLecture(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffUpdateLecture, async (request) => ({
      data: await updateLecture(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteLecture, async (request) => {
      await deleteLecture(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });
    serve(app, e.staffOrderLectures, async (request) => ({
      data: await orderLectures(db, await actorOf(request), request.params.id, request.body.ids),
    }));

    // Images: checked by their bytes, stored in public storage, set on their row.
    const image = async (request: FastifyRequest, folder: string) =>
      uploadImage(ctx.storage, request, folder);
    const exists = async <T>(load: Promise<T | undefined>) => {
      if ((await load) === undefined) throw notFound();
    };
    serve(app, e.staffUploadTeacherAvatar, async (request) => {
      await exists(getTeacher(db, request.params.id));
      const key = await image(request, 'teachers');
      await setTeacherImage(db, await actorOf(request), request.params.id, 'avatar_path', key);
      return { data: { url: publicFileUrl(key)! } };
    });
    serve(app, e.staffUploadTeacherBanner, async (request) => {
      await exists(getTeacher(db, request.params.id));
      const key = await image(request, 'teachers');
      await setTeacherImage(db, await actorOf(request), request.params.id, 'banner_path', key);
      return { data: { url: publicFileUrl(key)! } };
    });
    serve(app, e.staffUploadCourseImage, async (request) => {
      await exists(getCourse(db, request.params.id));
      const key = await image(request, 'courses');
      await setCourseImage(db, await actorOf(request), request.params.id, key);
      return { data: { url: publicFileUrl(key)! } };
    });
    serve(app, e.staffUploadQuestionImage, async (request) => {
      await exists(getQuestion(db, request.params.id));
      const key = await image(request, 'questions');
      await setQuestionImage(db, await actorOf(request), request.params.id, 'image_path', key);
      return { data: { url: publicFileUrl(key)! } };
    });
    serve(app, e.staffUploadQuestionExplainImage, async (request) => {
      await exists(getQuestion(db, request.params.id));
      const key = await image(request, 'questions');
      await setQuestionImage(
        db,
        await actorOf(request),
        request.params.id,
        'answer_explain_image',
        key,
      );
      return { data: { url: publicFileUrl(key)! } };
    });
    // A slide's or a logo's file is no record's until the header images or the settings are
    // saved (audited), but the upload is a staff write too, so it has its audit row; without
    // one, the file goes again.
    const unattachedImage = async (request: FastifyRequest, folder: string, resource: string) => {
      const actor = await actorOf(request);
      const key = await image(request, folder);
      const url = publicFileUrl(key)!;
      try {
        await writeAudit(db, actor, {
          action: 'upload',
          resource,
          resourceId: null,
          before: null,
          after: { url },
        });
      } catch (error) {
        await ctx.storage.remove('public', key);
        throw error;
      }
      return { data: { url } };
    };
    serve(app, e.staffUploadHeaderImage, (request) =>
      unattachedImage(request, 'slides', 'header-images'),
    );
    serve(app, e.staffUploadBrandImage, (request) => unattachedImage(request, 'brand', 'settings'));

    serve(app, e.staffListVideos, async (request) =>
      listVideos(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetVideo, async (request) => found(await getVideo(db, request.params.id)));
    serve(app, e.staffCreateVideo, async (request) => ({
      data: await createVideo(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffUpdateVideo, async (request) => ({
      data: await updateVideo(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteVideo, async (request) => {
      await deleteVideo(db, ctx.storage, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });
    serve(app, e.staffRetryVideoTranscode, async (request) => ({
      data: await retryVideoTranscode(ctx, await actorOf(request), request.params.id),
    }));

    serve(app, e.staffListAttachments, async (request) =>
      listAttachments(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetAttachment, async (request) =>
      found(await getAttachment(db, request.params.id)),
    );
    serve(app, e.staffCreateAttachment, async (request) => ({
      data: await uploadAttachment(
        db,
        ctx.storage,
        await actorOf(request),
        request,
        async (fields) => {
          const body = validate(staffAttachmentUploadBodySchema.omit({ file: true }), fields);
          // A multipart body is read here, not before the scope hook: its lecture is checked now.
          await ensureInScope(db, await teacherScopeOf(db, request), 'lecture', body.lecture_id);
          return body;
        },
      ),
    }));
    serve(app, e.staffUpdateAttachment, async (request) => ({
      data: await updateAttachment(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteAttachment, async (request) => {
      await deleteAttachment(db, ctx.storage, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffListExams, async (request) =>
      listExams(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetExam, async (request) => found(await getExam(db, request.params.id)));
    serve(app, e.staffCreateExam, async (request) => ({
      data: await createExam(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffUpdateExam, async (request) => ({
      data: await updateExam(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteExam, async (request) => {
      await deleteExam(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffListQuestions, async (request) =>
      listQuestions(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetQuestion, async (request) =>
      found(await getQuestion(db, request.params.id)),
    );
    serve(app, e.staffCreateQuestion, async (request) => ({
      data: await createQuestion(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffUpdateQuestion, async (request) => ({
      data: await updateQuestion(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteQuestion, async (request) => {
      await deleteQuestion(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffListLectureExams, async (request) =>
      listLectureExams(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetLectureExam, async (request) =>
      found(await getLectureExam(db, request.params.id)),
    );
    serve(app, e.staffCreateLectureExam, async (request) => ({
      data: await createLectureExam(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffUpdateLectureExam, async (request) => ({
      data: await updateLectureExam(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteLectureExam, async (request) => {
      await deleteLectureExam(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffRegradeQuestion, async (request) => ({
      data: await regradeQuestion(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffExamItemAnalysis, async (request) =>
      found(await itemAnalysis(db, request.params.id)),
    );
    serveQuestionBanks(app, ctx); // question banks and drawn exams (issue 26, ADR 046)
    // A student's own exam time (issue 26, ADR 042).
    serve(app, e.staffListExamAccommodations, async (request) =>
      listAccommodations(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetExamAccommodation, async (request) =>
      found(await getAccommodation(db, request.params.id)),
    );
    serve(app, e.staffCreateExamAccommodation, async (request) => ({
      data: await createAccommodation(db, await actorOf(request), request.body, ctx.clock.now()),
    }));
    serve(app, e.staffUpdateExamAccommodation, async (request) => ({
      data: await updateAccommodation(
        db,
        await actorOf(request),
        request.params.id,
        request.body,
        ctx.clock.now(),
      ),
    }));
    serve(app, e.staffDeleteExamAccommodation, async (request) => {
      await deleteAccommodation(db, await actorOf(request), request.params.id, ctx.clock.now());
      return { data: { id: request.params.id } };
    });
    // More attempts for one student at one exam (issue 26, ADR 047).
    serve(app, e.staffListExamAttemptGrants, async (request) =>
      listAttemptGrants(db, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffGetExamAttemptGrant, async (request) =>
      found(await getAttemptGrant(db, request.params.id)),
    );
    serve(app, e.staffCreateExamAttemptGrant, async (request) => ({
      data: await createAttemptGrant(db, await actorOf(request), request.body, ctx.clock.now()),
    }));
    serve(app, e.staffUpdateExamAttemptGrant, async (request) => ({
      data: await updateAttemptGrant(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteExamAttemptGrant, async (request) => {
      await deleteAttemptGrant(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serve(app, e.staffGetSettings, async () => ({ data: await staffSettings(db) }));
    serve(app, e.staffUpdateSettings, async (request) => ({
      data: await updateStaffSettings(db, await actorOf(request), request.body),
    }));
    serve(app, e.staffGetHeaderImages, async () => ({ data: await headerImages(db) }));
    serve(app, e.staffPutHeaderImages, async (request) => ({
      data: await putHeaderImages(
        db,
        await actorOf(request),
        request.body.header_images.map((s) => ({ url: s.url, href: s.href ?? null, to: s.to })),
      ),
    }));

    serve(app, e.staffListAuditLog, async (request) => listAudit(db, request.query));

    serve(app, e.staffListAccounts, async (request) => listAccounts(db, request.query));
    serve(app, e.staffGetAccount, async (request) =>
      found(await getAccount(db, request.params.id)),
    );
    // Invitations (ADR 048): the link is on the site the console was opened at (as ADR 039's).
    const origin = requestOrigin;
    serve(app, e.staffCreateAccount, async (request) => {
      const { invitation, ...account } = await createAccount(
        db,
        await actorOf(request),
        request.body,
      );
      if (invitation) {
        const url = `${origin(request)}${invitationPath(invitation.token)}`;
        // The account is made: a mail server that refuses is logged, and the admin sends the
        // invitation again from the account's page.
        await mailInvitation(ctx, account.id, url).catch((err: unknown) =>
          request.log.error({ err }, 'staff invitation mail failed'),
        );
      }
      return { data: account };
    });
    serve(app, e.staffInviteAccount, async (request) => ({
      data: await inviteAccount(
        ctx,
        await actorOf(request),
        request.params.id,
        origin(request),
        getAccount,
        request.log,
      ),
    }));
    serve(app, e.staffCheckInvitation, async (request) => ({
      data: await checkInvitation(ctx, request.body.token, request.ip),
    }));
    serve(app, e.staffAcceptInvitation, async (request) => {
      const row = await acceptInvitation(
        ctx,
        request.body.token,
        request.body.password,
        request.ip,
      );
      const user = await staffUser({ ...row, id: row.user_id });
      const token = await issueToken(db, row.user_id, signInFrom(request));
      return { data: { token, user } };
    });
    serve(app, e.staffUpdateAccount, async (request) => ({
      data: await updateAccount(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffDeleteAccount, async (request) => {
      await deleteAccount(db, await actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    });

    serveMoney(app, ctx); // pay cards, gateway orders, dashboard (issue 13, ADR 030)

    // Recharge review and marking (issue 13).
    serve(app, e.staffListMobilePayments, async (request) => listMobilePayments(db, request.query));
    serve(app, e.staffGetMobilePayment, async (request) =>
      found(await getMobilePayment(db, request.params.id)),
    );
    serve(app, e.staffGetMobilePaymentReceipt, async (request, reply) => {
      const actor = await actorOf(request);
      const { key, type } = await mobilePaymentReceipt(ctx, request.params.id, actor.id!);
      return sendFile(request, reply, ctx.storage, key, { type });
    });
    serve(app, e.staffApproveMobilePayment, async (request) => ({
      data: await approvePayment(db, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffRejectMobilePayment, async (request) => ({
      data: await rejectPayment(db, await actorOf(request), request.params.id, request.body.reason),
    }));
    serve(app, e.staffListMarking, async (request) =>
      listMarking(ctx, request.query, await teacherScopeOf(db, request)),
    );
    serve(app, e.staffMarkAnswer, async (request) => ({
      data: await markAnswer(ctx, await actorOf(request), request.params.id, request.body),
    }));
    serve(app, e.staffAdjustBalance, async (request) => ({
      data: await adjustBalance(db, await actorOf(request), request.params.id, request.body),
    }));
    servePeople(app, ctx); // students and messages (ADR 029)
    serveMessages(app, ctx); // text messages to parents, opt-outs (ADR 053)
    serveStudentDevices(app, ctx); // a student's devices and sessions (ADR 051)
    serveExports(app, ctx); // exports, school-wide purchases and ledger (ADR 034)
    serveTeacherStatements(app, ctx); // a teacher's monthly statement (ADR 048)
    serveTeacherStudents(app, ctx); // a teacher's students (ADR 048)
    serveProgressReports(app, ctx); // progress and attendance (ADR 054)
    await app.register(supportStaffRoutes(ctx)); // support inbox, exam sessions (ADR 031)
  };
