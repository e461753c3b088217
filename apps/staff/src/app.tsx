import { Admin, CustomRoutes, Resource, type ResourceProps } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import SchoolIcon from '@mui/icons-material/School';
import CategoryIcon from '@mui/icons-material/Category';
import PersonIcon from '@mui/icons-material/Person';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import HistoryIcon from '@mui/icons-material/History';
import { authProvider } from './auth/auth-provider';
import { SetPasswordPage } from './auth/set-password-page';
import { StaffLoginPage } from './auth/login-page';
import { dataProvider } from './data/data-provider';
import { i18nProvider } from './i18n/ar';
import { Dashboard } from './layout/dashboard';
import { StaffLayout } from './layout/layout';
import { NamedCreate, NamedEdit, NamedList } from './resources/named';
import { TeacherCreate, TeacherEdit, TeacherList } from './resources/teachers';
import { CourseCreate, CourseEdit, CourseList } from './resources/courses';
import { LectureCreate, LectureEdit, LectureList } from './resources/lectures';
import { SettingsEdit } from './resources/settings';
import { HeaderImagesEdit } from './resources/header-images';
import { AccountCreate, AccountEdit, AccountList } from './resources/accounts';
import { AuditLogList } from './resources/audit-log';
import { lectureContentResources } from './resources/lecture-content-resources';
import { examsResource, questionsResource } from './resources/exams/exam-resources';
import { questionBanksResource } from './resources/question-banks/bank-resources';
import {
  examSessionsResource,
  markingResource,
  mobilePaymentsResource,
  supportTicketsResource,
} from './resources/daily/daily-resources';
import {
  MessagesPage,
  StudentImportPage,
  studentsResource,
} from './resources/people/people-resources';
import {
  paycardBatchesResource,
  paymentOrdersResource,
  purchasesResource,
  transactionsResource,
} from './resources/money/money-resources';
import {
  phoneMessagesResource,
  phoneOptOutsResource,
} from './resources/messages/messages-resources';
import { rtlCache } from './emotion-cache';
import { staffTheme } from './theme';
import { TeacherStatementPage } from './resources/teacher-statement';
import { TeacherStudentsPage } from './resources/teacher-students';
import { CourseProgressPage } from './resources/progress/progress-pages';
import { consoleTitle } from './school';

/** A resource listed, made and edited on its own pages, shown elsewhere by its name. */
function named(
  name: string,
  icon: ResourceProps['icon'],
  pages: Pick<ResourceProps, 'list' | 'create' | 'edit'>,
): ResourceProps {
  return { name, ...pages, icon, recordRepresentation: 'name' };
}

/** The console's resources, in the menu's order (a role sees those it may open). */
const RESOURCES: ResourceProps[] = [
  named('courses', MenuBookIcon, { list: CourseList, create: CourseCreate, edit: CourseEdit }),
  named('lectures', OndemandVideoIcon, {
    list: LectureList,
    create: LectureCreate,
    edit: LectureEdit,
  }),
  ...lectureContentResources,
  examsResource,
  questionBanksResource,
  questionsResource,
  named('teachers', PersonIcon, { list: TeacherList, create: TeacherCreate, edit: TeacherEdit }),
  named('grades', SchoolIcon, { list: NamedList, create: NamedCreate, edit: NamedEdit }),
  named('categories', CategoryIcon, { list: NamedList, create: NamedCreate, edit: NamedEdit }),
  named('accounts', ManageAccountsIcon, {
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
  }),
  { name: 'audit-log', list: AuditLogList, icon: HistoryIcon },
  supportTicketsResource,
  mobilePaymentsResource,
  paymentOrdersResource,
  paycardBatchesResource,
  purchasesResource,
  transactionsResource,
  markingResource,
  examSessionsResource,
  studentsResource,
  phoneMessagesResource,
  phoneOptOutsResource,
];

/**
 * The staff console: react-admin on the staff API, Arabic, right to left, under /staff with
 * real paths (/staff/courses/7; the server answers each with the console's page).
 */
export function StaffApp({ basename = '/staff' }: { basename?: string }) {
  return (
    <CacheProvider value={rtlCache}>
      {/* Navigations commit at once, not in a transition: react-admin's guard signs a
          signed-out visitor out on each render while the move to /login is pending, and each
          sign-out's store reset interrupted that transition again: thousands of history
          entries and about 13 s of a busy browser before the form showed (react-admin issue
          10764; app.test.tsx). */}
      <BrowserRouter basename={basename} useTransitions={false}>
        <Admin
          title={consoleTitle()}
          loginPage={StaffLoginPage}
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          theme={staffTheme}
          darkTheme={null}
          layout={StaffLayout}
          dashboard={Dashboard}
          requireAuth
          disableTelemetry
        >
          {RESOURCES.map((r) => (
            <Resource key={r.name} {...r} />
          ))}
          {/* An invitation's link (ADR 048): before any sign-in. */}
          <CustomRoutes noLayout>
            <Route path="/set-password" element={<SetPasswordPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/settings" element={<SettingsEdit />} />
            <Route path="/header-images" element={<HeaderImagesEdit />} />
            <Route path="/messages" element={<MessagesPage />} />
            <Route path="/students/import" element={<StudentImportPage />} />
            <Route path="/teachers/:id/statement" element={<TeacherStatementPage />} />
            <Route path="/teachers/:id/students" element={<TeacherStudentsPage />} />
            <Route path="/courses/:id/progress" element={<CourseProgressPage />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </CacheProvider>
  );
}
