import { ScreenHeading } from '../../layout/ScreenHeading';

/** Dashboard Overview (spec §2); issue #4 builds the statistics. */
export default function DashboardScreen() {
  return <ScreenHeading title="Dashboard Overview" />;
}
