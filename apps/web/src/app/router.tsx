import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorScreen } from '../features/shell/components/route-error-screen';
import { RootLayout } from './root-layout';
import type { RouteHandle, RouteMeta } from './route-meta';
import * as welcomeModule from './routes/welcome';

type ScreenModule = { default: ComponentType };

/** A screen with its meta; its code is split out and loaded on first visit. */
function screen(meta: RouteMeta, load: () => Promise<ScreenModule>) {
  const handle: RouteHandle = { meta };
  return { handle, lazy: async () => ({ Component: (await load()).default }) };
}

/** The landing page ships with the app chunk: a first visit to `/` saves a round trip. */
const welcome = async () => welcomeModule;
const courses = () => import('./routes/courses');
const home = () => import('./routes/home');
const course = () => import('./routes/course');
const courseProgress = () => import('./routes/course-progress');
const myCourses = () => import('./routes/my-courses');
const teachers = () => import('./routes/teachers');
const teacher = () => import('./routes/teacher');
const about = () => import('./routes/about');
const privacyPolicy = () => import('./routes/privacy-policy');
const help = () => import('./routes/help');
const login = () => import('./routes/login');
const register = () => import('./routes/register');
const resetPassword = () => import('./routes/reset-password');
const invitation = () => import('./routes/invitation');
const confirm = () => import('./routes/confirm');
const profile = () => import('./routes/profile');
const exams = () => import('./routes/exams');
const examSession = () => import('./routes/exam-session');
const examResults = () => import('./routes/exam-results');
const homeworkResults = () => import('./routes/homework-results');
const wallet = () => import('./routes/wallet');
const messages = () => import('./routes/messages');
const message = () => import('./routes/message');
const supportFollow = () => import('./routes/support-follow');
/** Any other path. */
const notFound = () => import('./routes/not-found');

/**
 * The complete route table of spec §2 with its meta. The guards live in `RootLayout` and
 * read this meta: `requiresAuth: true` needs a sign-in, `false` is for guests only.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        index: true,
        ...screen(
          { requiresAuth: false, title: 'routes.welcome', footer: true, whiteBackground: true },
          welcome,
        ),
      },
      { path: 'home', ...screen({ requiresAuth: true, title: 'routes.home' }, home) },
      { path: 'courses', ...screen({ title: 'routes.courses' }, courses) },
      { path: 'courses/:id', ...screen({ title: 'routes.course', backButton: true }, course) },
      // The student's progress in a course they joined (issue 28).
      {
        path: 'courses/:id/progress',
        ...screen(
          { requiresAuth: true, title: 'routes.courseProgress', backButton: true },
          courseProgress,
        ),
      },
      { path: 'profile', ...screen({ requiresAuth: true, title: 'routes.profile' }, profile) },
      {
        path: 'my-courses',
        ...screen({ requiresAuth: true, title: 'routes.myCourses' }, myCourses),
      },
      {
        path: 'teachers',
        ...screen(
          { requiresAuth: true, title: 'routes.teachers', requiresSetting: 'teachers_page' },
          teachers,
        ),
      },
      {
        path: 'teachers/:id',
        ...screen({ title: 'routes.teacher', backButton: true, footer: true }, teacher),
      },
      {
        path: 'my-exams/exams',
        ...screen({ requiresAuth: true, title: 'routes.examResults' }, examResults),
      },
      {
        path: 'my-exams/homeworks',
        ...screen({ requiresAuth: true, title: 'routes.homeworkResults' }, homeworkResults),
      },
      {
        path: 'exams',
        ...screen({ requiresAuth: true, title: 'routes.exams', backButton: true }, exams),
      },
      {
        path: 'exams/session',
        ...screen(
          {
            requiresAuth: true,
            title: 'routes.examSession',
            temporaryMenu: true,
            whiteBackground: true,
          },
          examSession,
        ),
      },
      {
        path: 'wallet',
        ...screen(
          { requiresAuth: true, title: 'routes.wallet', requiresSetting: 'enable_wallet_system' },
          wallet,
        ),
      },
      {
        path: 'login',
        ...screen(
          { requiresAuth: false, title: 'routes.login', footer: true, whiteBackground: true },
          login,
        ),
      },
      {
        path: 'register',
        ...screen(
          { requiresAuth: false, title: 'routes.register', footer: true, whiteBackground: true },
          register,
        ),
      },
      {
        path: 'reset-password',
        ...screen(
          {
            requiresAuth: false,
            title: 'routes.resetPassword',
            footer: true,
            whiteBackground: true,
          },
          resetPassword,
        ),
      },
      // The set-password link of a student the school added (ADR 052): /welcome#<token>,
      // titled «مرحباً بك» as the landing page is.
      {
        path: 'welcome',
        ...screen(
          { requiresAuth: false, title: 'routes.welcome', footer: true, whiteBackground: true },
          invitation,
        ),
      },
      {
        path: 'confirm',
        ...screen({ requiresAuth: true, title: 'routes.confirm', whiteBackground: true }, confirm),
      },
      { path: 'about', ...screen({ title: 'routes.about', footer: true }, about) },
      {
        path: 'privacy-policy',
        ...screen({ title: 'routes.privacyPolicy', footer: true }, privacyPolicy),
      },
      // An alias, not a redirect: the same page under its short address.
      {
        path: 'privacy',
        ...screen({ title: 'routes.privacyPolicy', footer: true }, privacyPolicy),
      },
      { path: 'help', ...screen({ title: 'routes.help', footer: true }, help) },
      // The support conversation (issue 24, ADR 039): the student's, and a guest's by link.
      { path: 'messages', ...screen({ requiresAuth: true, title: 'routes.messages' }, messages) },
      {
        path: 'messages/:id',
        // Its own link back to «رسائلي»: a notification may have opened it from anywhere.
        ...screen({ requiresAuth: true, title: 'routes.message' }, message),
      },
      {
        path: 'support/follow/:token',
        ...screen({ title: 'routes.supportFollow', footer: true }, supportFollow),
      },
      { path: '*', ...screen({ title: 'routes.notFound' }, notFound) },
    ],
  },
];
