import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { OtherSessions } from './other-sessions';
import { PasswordForm } from './password-form';
import { PersonalTokens } from './personal-tokens';
import { ProfileForm } from './profile-form';

/**
 * The signed-in user's own settings: name and avatar, the password, other sessions, and
 * personal access tokens.
 */
export function SettingsPage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  return (
    <>
      <PageHeader title="Settings" />
      <div className="grid max-w-xl gap-6">
        <Card>
          <CardContent className="px-4 sm:px-6">
            <ProfileForm user={user} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="px-4 sm:px-6">
            <PasswordForm
              user={user}
              onChanged={() => {
                void logout().then(() => navigate({ to: '/login' }));
              }}
            />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="px-4 sm:px-6">
            <OtherSessions />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="px-4 sm:px-6">
            <PersonalTokens />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
