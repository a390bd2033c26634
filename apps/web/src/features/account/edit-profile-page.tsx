import { Spinner } from '../../components/ui/spinner';
import { useAuthStore } from '../../lib/auth-store';
import { ProfileDetailsForm } from './profile-details-form';
import { ProfilePhotoCard } from './profile-photo-card';

export function EditProfilePage() {
  const user = useAuthStore((state) => state.user);
  if (!user) {
    // The route guard only renders this page for a signed-in user; this covers the instant of sign-out.
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading profile" />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ProfilePhotoCard user={user} />
      <ProfileDetailsForm key={user.user_id} user={user} />
    </div>
  );
}
