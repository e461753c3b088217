import { Menu, usePermissions, useTranslate } from 'react-admin';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import CampaignIcon from '@mui/icons-material/Campaign';
import GroupIcon from '@mui/icons-material/Group';
import { session } from '../data/token';

/**
 * The resources a role may open (react-admin asks the auth provider's canAccess for each),
 * then the singletons: a teacher's own students (ADR 048), header images for admins and leaders
 * (not a teacher), messages and settings for an admin only.
 */
export function StaffMenu() {
  const { permissions } = usePermissions<string>();
  const translate = useTranslate();
  const teacherId = session.user()?.teacher_id ?? undefined;
  return (
    <Menu>
      <Menu.ResourceItems />
      {permissions === 'teacher' && teacherId !== undefined && (
        <Menu.Item
          to={`/teachers/${teacherId}/students`}
          primaryText={translate('dars.teacher_students.menu')}
          leftIcon={<GroupIcon />}
        />
      )}
      {(permissions === 'admin' || permissions === 'leader') && (
        <Menu.Item
          to="/header-images"
          primaryText={translate('dars.menu.header_images')}
          leftIcon={<ViewCarouselIcon />}
        />
      )}
      {permissions === 'admin' && (
        <Menu.Item
          to="/messages"
          primaryText={translate('dars.people.menu.messages')}
          leftIcon={<CampaignIcon />}
        />
      )}
      {permissions === 'admin' && (
        <Menu.Item
          to="/settings"
          primaryText={translate('dars.menu.settings')}
          leftIcon={<SettingsIcon />}
        />
      )}
    </Menu>
  );
}
