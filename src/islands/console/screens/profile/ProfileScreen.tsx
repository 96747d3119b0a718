import { ScreenHeading } from '../../layout/ScreenHeading';

export default function ProfileScreen() {
  return <ScreenHeading title="My Profile" />;
}
