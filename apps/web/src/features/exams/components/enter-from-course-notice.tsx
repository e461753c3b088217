import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { StatusScreen } from '../../../components/status-screen';
import { t } from '../../../i18n/t';

/**
 * The entry without an exam to show (spec §2: with a course_id, or without general exams):
 * enter the exam from the course page, with a back button to that course, or to where the
 * student came from.
 */
export function EnterFromCourseNotice({ courseId }: { courseId: number | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const icon = <ArrowBackIcon sx={mirrorInRtl} />;
  return (
    <StatusScreen
      icon={<MenuBookOutlinedIcon />}
      title={t('exams.fromCourseTitle')}
      body={t('exams.fromCourseBody')}
      actions={
        courseId !== null ? (
          <Button component={Link} to={`/courses/${courseId}`} variant="contained" startIcon={icon}>
            {t('exams.back')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={icon}
            // A first page of the tab has nowhere to go back to: home instead.
            onClick={() => void (location.key === 'default' ? navigate('/home') : navigate(-1))}
          >
            {t('exams.back')}
          </Button>
        )
      }
    />
  );
}
