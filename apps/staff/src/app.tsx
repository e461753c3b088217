import { Admin, CustomRoutes, Resource } from 'react-admin';
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
import {
  examSessionsResource,
  markingResource,
  mobilePaymentsResource,
  supportTicketsResource,
} from './resources/daily/daily-resources';
import { MessagesPage, studentsResource } from './resources/people/people-resources';
import {
  paycardBatchesResource,
  paymentOrdersResource,
  purchasesResource,
  transactionsResource,
} from './resources/money/money-resources';
import { rtlCache } from './emotion-cache';
import { staffTheme } from './theme';

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
          title="لوحة إدارة دَرس"
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
          <Resource
            name="courses"
            list={CourseList}
            create={CourseCreate}
            edit={CourseEdit}
            icon={MenuBookIcon}
            recordRepresentation="name"
          />
          <Resource
            name="lectures"
            list={LectureList}
            create={LectureCreate}
            edit={LectureEdit}
            icon={OndemandVideoIcon}
            recordRepresentation="name"
          />
          {lectureContentResources.map((r) => (
            <Resource key={r.name} {...r} />
          ))}
          <Resource {...examsResource} />
          <Resource {...questionsResource} />
          <Resource
            name="teachers"
            list={TeacherList}
            create={TeacherCreate}
            edit={TeacherEdit}
            icon={PersonIcon}
            recordRepresentation="name"
          />
          <Resource
            name="grades"
            list={NamedList}
            create={NamedCreate}
            edit={NamedEdit}
            icon={SchoolIcon}
            recordRepresentation="name"
          />
          <Resource
            name="categories"
            list={NamedList}
            create={NamedCreate}
            edit={NamedEdit}
            icon={CategoryIcon}
            recordRepresentation="name"
          />
          <Resource
            name="accounts"
            list={AccountList}
            create={AccountCreate}
            edit={AccountEdit}
            icon={ManageAccountsIcon}
            recordRepresentation="name"
          />
          <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} />
          <Resource {...supportTicketsResource} />
          <Resource {...mobilePaymentsResource} />
          <Resource {...paymentOrdersResource} />
          <Resource {...paycardBatchesResource} />
          <Resource {...purchasesResource} />
          <Resource {...transactionsResource} />
          <Resource {...markingResource} />
          <Resource {...examSessionsResource} />
          <Resource {...studentsResource} />
          <CustomRoutes>
            <Route path="/settings" element={<SettingsEdit />} />
            <Route path="/header-images" element={<HeaderImagesEdit />} />
            <Route path="/messages" element={<MessagesPage />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </CacheProvider>
  );
}
