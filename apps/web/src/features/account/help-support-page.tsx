import { BookOpen, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { TextLink } from '../../components/ui/text-link';
import { useMayOpen } from '../../hooks/use-may';
import { useAuthStore } from '../../lib/auth-store';
import { FaqItem } from './faq-item';
import { formatMegabytes, useProfilePhotoMaxBytes } from './photo-rules';
import { ProfileSection } from './profile-section';
import { SupportContact } from './support-contact';
import { ChampionContact } from '../../components/champion-contact';

export function HelpSupportPage() {
  const user = useAuthStore((state) => state.user);
  const canUseTutorials = useMayOpen('/tutorials');
  const photoMaxBytes = useProfilePhotoMaxBytes();

  return (
    <div className="space-y-6">
      <ProfileSection
        title="Contact support"
        description="If something is not working, or you are not sure how to do something in Verity, our support team can help."
      >
        <SupportContact user={user} />
      </ProfileSection>

      <ProfileSection title="What to include in your request" description="A few details help us find the problem quickly.">
        <ul className="list-disc space-y-2 pl-5 text-slate-700 text-sm leading-6 marker:text-slate-400">
          <li>What you were trying to do, and which page you were on.</li>
          <li>What happened instead, including the exact wording of any error message.</li>
          <li>
            The <strong className="font-semibold text-slate-900">Request ID</strong> if the error message showed one. It lets us find your
            request in our logs. The <strong className="font-semibold text-slate-900">Contact Support</strong> button in an error message
            starts an e-mail with these details already filled in.
          </li>
          <li>Roughly when it happened, and the browser and device you were using.</li>
          <li>Never include passwords or patient-identifiable information.</li>
        </ul>
      </ProfileSection>

      <ProfileSection title="Tutorials and documentation">
        {canUseTutorials ? (
          <Link
            to="/tutorials"
            className="focus-ring group flex items-center gap-4 rounded-lg border border-slate-200 p-4 transition-colors hover:border-brand-300 hover:bg-brand-50"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <BookOpen aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">Tutorials & Documentation</span>
              <span className="block text-slate-600 text-sm">Step-by-step guides to chat, writing, policy review and the wiki.</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 group-hover:text-brand-700" />
          </Link>
        ) : (
          <div>
            <p className="text-slate-700 text-sm leading-6">
              Tutorials are available to accounts with full (standard) access. If you need them, ask your organisation's Verity champion or
              contact support.
            </p>
            <ChampionContact className="mt-3" />
          </div>
        )}
      </ProfileSection>

      <ProfileSection title="Frequently asked questions">
        <div>
          <FaqItem question="I have forgotten my password. How do I reset it?">
            <p>
              On the sign-in page choose <strong className="font-semibold">Forgot password?</strong> and enter your e-mail address. If there
              is an account for it, we e-mail you a link to choose a new password. Each link works once.
            </p>
            <p>
              If you are signed in and know your current password, use <TextLink to="/profile/update-password">Update password</TextLink>{' '}
              instead. Changing it signs you out on your other devices.
            </p>
          </FaqItem>
          <FaqItem question="How do I change or remove my profile photo?">
            <p>
              Go to <TextLink to="/profile">Edit profile</TextLink> and choose <strong className="font-semibold">Upload photo</strong>. Use
              a PNG, JPEG, GIF or WebP image of up to {formatMegabytes(photoMaxBytes)}. Choose{' '}
              <strong className="font-semibold">Remove photo</strong> to go back to your initials.
            </p>
          </FaqItem>
          <FaqItem question="Can I change the e-mail address I sign in with?">
            <p>Not from your profile. Contact support from the address you use now and tell us the new address.</p>
          </FaqItem>
          <FaqItem question="Why do I see 'Access denied'?">
            <p>
              What you can open depends on the roles on your account. Standard accounts use the tools (chat, writing, policy review, the
              regulatory wiki and tutorials). Guest accounts can open the home page, their profile and direct links to individual documents,
              tutorials, conversations and reviews they have been given. The champion dashboard needs the champion role.
            </p>
            <p>
              If you think you should have access, ask your organisation's Verity champion or contact support, and tell us which page you
              were trying to open.
            </p>
            <ChampionContact />
          </FaqItem>
          <FaqItem question="I have not received my verification e-mail.">
            <p>
              Check your junk or spam folder first. If it is not there, try to sign in: while your address is not verified, signing in sends
              you a new verification link.
            </p>
          </FaqItem>
        </div>
      </ProfileSection>
    </div>
  );
}
