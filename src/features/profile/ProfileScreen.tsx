import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { SuccessOverlay, SUCCESS_LONG_MS } from '@kit/form/SuccessOverlay';
import { $profile, loadProfile } from './store';
import { AccountInfoCard } from './AccountInfoCard';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ProfileForm } from './ProfileForm';

/** "Profile ('My Profile')": edit form, Account Information card, Change Password modal. */
export default function ProfileScreen() {
  const { profile, loading, error } = useStore($profile);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    void loadProfile();
  }, []);

  return (
    <div>
      <ScreenHeading title="My Profile">
        <Button variant="secondary" onClick={() => setPasswordOpen(true)} disabled={!profile}>
          Change Password
        </Button>
      </ScreenHeading>

      {saved ? (
        <div className="mb-4">
          <SuccessOverlay variant="inline" message={saved} durationMs={SUCCESS_LONG_MS} onDone={() => setSaved(null)} />
        </div>
      ) : null}

      {error ? (
        <div className="mb-4 space-y-2">
          <ErrorBanner message={error} />
          <Button variant="secondary" size="sm" onClick={() => void loadProfile()}>
            Try Again
          </Button>
        </div>
      ) : null}

      {!profile && loading ? <p className="text-gray-500">Loading profile...</p> : null}

      {profile ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ProfileForm key={profile.updatedAt} profile={profile} onSaved={setSaved} />
          </div>
          <AccountInfoCard profile={profile} />
        </div>
      ) : null}

      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </div>
  );
}
