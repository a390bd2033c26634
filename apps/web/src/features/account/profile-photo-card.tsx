import { MESSAGES, type User } from '@verity/shared';
import { Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { UserAvatar } from '../../components/avatar/user-avatar';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useDeleteProfilePhoto, useProfilePhoto, useUploadProfilePhoto } from './api';
import { PROFILE_PHOTO_ACCEPT, photoProblem, photoRulesText, useProfilePhotoMaxBytes } from './photo-rules';
import { ProfileSection } from './profile-section';

export interface ProfilePhotoCardProps {
  user: User;
}

export function ProfilePhotoCard({ user }: ProfilePhotoCardProps) {
  const upload = useUploadProfilePhoto();
  const remove = useDeleteProfilePhoto();
  const maxBytes = useProfilePhotoMaxBytes();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  // The photo as account/image has it; until it answers, the one the profile named.
  const photo = useProfilePhoto(user);
  const photoURL = photo.isSuccess ? photo.data : user.photoURL;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again (after fixing it) fires a change event.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const reason = photoProblem(file, maxBytes);
    if (reason) {
      setProblem(reason);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success('Profile photo updated');
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.imageUploadFailed));
    }
  };

  const handleRemove = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast.success('Profile photo removed');
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.imageDeleteFailed));
    }
  };

  return (
    <ProfileSection
      title="Profile photo"
      description="Your photo appears in the avatar menu. Without one, your initials are shown instead."
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar firstname={user.firstname} surname={user.surname} photoURL={photoURL} size="xl" labelled />
        <div className="space-y-3">
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" loading={upload.isPending} disabled={busy} onClick={() => fileInput.current?.click()}>
              {!upload.isPending && <Upload aria-hidden="true" className="size-4" />}
              {photoURL ? 'Upload new photo' : 'Upload photo'}
            </Button>
            {photoURL && (
              <Button variant="ghost" loading={remove.isPending} disabled={busy} onClick={handleRemove}>
                {!remove.isPending && <Trash2 aria-hidden="true" className="size-4" />}
                Remove photo
              </Button>
            )}
          </div>
          <p className="text-slate-600 text-sm">{photoRulesText(maxBytes)}</p>
          <input
            ref={fileInput}
            type="file"
            accept={PROFILE_PHOTO_ACCEPT}
            aria-label="Choose a profile photo"
            tabIndex={-1}
            className="sr-only"
            onChange={handleFile}
          />
        </div>
      </div>
      {problem && <Alert className="mt-5">{problem}</Alert>}
    </ProfileSection>
  );
}
