import { CloseButton, Dialog } from '@kit/ui/Dialog';
import { SidebarNav } from './Sidebar';
import type { RouteName } from '../router';
import { isAdminConsole } from '@kit/console/scope';

/** The slide-in 'Super Admin Panel' of small screens; ConsoleShell loads it lazily, on first open. */
export default function PhoneMenu({
  open,
  onClose,
  current,
  onLogout,
}: {
  open: boolean;
  onClose: () => void;
  current: RouteName | undefined;
  onLogout: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={isAdminConsole() ? 'School Admin Panel' : 'Super Admin Panel'}
      titleClassName="text-lg font-semibold text-white"
      layout="drawer"
      panelClassName="flex w-72 flex-col bg-gray-900"
      header={(heading) => (
        <div className="flex items-center justify-between px-6 py-5">
          {heading}
          <CloseButton onClick={onClose} label="Close menu" className="rounded p-1 text-gray-300 hover:text-white" />
        </div>
      )}
    >
      <SidebarNav current={current} onNavigate={onClose} onLogout={onLogout} />
    </Dialog>
  );
}
