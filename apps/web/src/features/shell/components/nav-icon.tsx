import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GradingOutlinedIcon from '@mui/icons-material/GradingOutlined';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LoginIcon from '@mui/icons-material/Login';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import type { NavId } from '../lib/nav-items';

const ICONS: Record<NavId, ComponentType<SvgIconProps>> = {
  welcome: WavingHandOutlinedIcon,
  home: HomeOutlinedIcon,
  profile: PersonOutlinedIcon,
  myCourses: VideoLibraryOutlinedIcon,
  courses: MenuBookOutlinedIcon,
  teachers: SchoolOutlinedIcon,
  exams: QuizOutlinedIcon,
  homeworkResults: AssignmentTurnedInOutlinedIcon,
  examResults: GradingOutlinedIcon,
  wallet: AccountBalanceWalletOutlinedIcon,
  about: InfoOutlinedIcon,
  privacyPolicy: PolicyOutlinedIcon,
  support: SupportAgentOutlinedIcon,
  messages: ForumOutlinedIcon,
  help: HelpOutlinedIcon,
  login: LoginIcon,
  register: PersonAddAlt1OutlinedIcon,
};

/** Icons that point somewhere, drawn for LTR and so mirrored in the RTL page. */
const POINTING: ReadonlySet<NavId> = new Set<NavId>(['login']);

/** The icon of a navigation destination. */
export function NavIcon({ id, ...props }: { id: NavId } & SvgIconProps) {
  const Icon = ICONS[id];
  return <Icon {...props} sx={POINTING.has(id) ? mirrorInRtl : undefined} />;
}
