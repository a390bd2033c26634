import type { OnboardingModuleKey } from '@verity/shared';
import { type OnboardingStep, ONBOARDING_STEPS } from '../../lib/onboarding-progress';

/**
 * What each module's checklist says and how each step is done (SPEC §4 "Onboarding"). A step is
 * done by its tour, by a button the person presses once they have done it ('confirm'), by what
 * the tools record as the person works ('watched': the guide re-reads it while the module is
 * open), or by the champion's answer ('answer').
 */

export type StepKind = 'tour' | 'confirm' | 'watched' | 'answer';

export interface GuideStep {
  title: string;
  /** What to do, in a sentence or two. */
  description: string;
  kind: StepKind;
}

/** One stop of a tour: the element it points at (its data-tour attribute), and what it says there. */
export interface TourStop {
  target: string;
  title: string;
  description: string;
}

export interface ModuleGuide<M extends OnboardingModuleKey = OnboardingModuleKey> {
  steps: Record<OnboardingStep<M>, GuideStep>;
  tour: readonly TourStop[];
}

const tourStep = (what: string): GuideStep => ({
  title: 'Take the tour',
  description: `A short tour of ${what}: each stop points at a part of the page. Use the arrow keys or the buttons to move, Escape to leave.`,
  kind: 'tour',
});

export const GUIDES: { [M in OnboardingModuleKey]: ModuleGuide<M> } = {
  welcome: {
    steps: {
      tour: tourStep('where everything is'),
      tips: {
        title: 'Read the quick tips',
        description:
          'Every answer, minute and finding in Verity names the documents it came from: open the citation to check it. ' +
          'Superseded editions stay in the library, marked as such. Tutorials & Documentation has a guide to each tool.',
        kind: 'confirm',
      },
    },
    tour: [
      {
        target: 'nav-main',
        title: 'The tools',
        description:
          'Chat, Write, the Review Assistant, the Regulatory Wiki and the tutorials. Each opens in its own page and keeps your work.',
      },
      {
        target: 'nav-avatar',
        title: 'You',
        description: 'Your notifications, with how many are unread, your profile and signing out.',
      },
      {
        target: 'home-recent',
        title: 'Carry on where you left off',
        description: 'Your latest conversations, documents and reviews, and the guide’s progress.',
      },
    ],
  },
  chat: {
    steps: {
      tour: tourStep('the chat'),
      question: {
        title: 'Ask a question',
        description:
          'Ask something your team needs to know, as you would ask a colleague: "How often must water outlets be flushed?" ' +
          'The answer cites the passages it rests on; press a citation to read it.',
        kind: 'confirm',
      },
      draft: {
        title: 'Draft from the library',
        description:
          'Switch "Kind of answer" to Draft and ask for a document, for example "a checklist for a ward’s fire safety walk-round". ' +
          'The draft is composed from the library’s passages and cites them.',
        kind: 'confirm',
      },
      file: {
        title: 'Ask about your own file',
        description:
          'Attach a policy or report (PDF, Word or text) with the paperclip and ask about it: the answer reads your file beside the library.',
        kind: 'confirm',
      },
    },
    tour: [
      {
        target: 'chat-question',
        title: 'Ask here',
        description: 'Write your question and press Enter. Shift+Enter starts a new line.',
      },
      {
        target: 'chat-mode',
        title: 'Answer or draft',
        description: 'Answer gives a cited answer; Draft writes a document from the library, also cited.',
      },
      {
        target: 'chat-attach',
        title: 'Your own files',
        description: 'Attach a PDF, Word or text file to ask about it alongside the library.',
      },
      {
        target: 'chat-scope',
        title: 'Narrow the sources',
        description: 'Limit the next question to categories, domains or subdomains of the library, such as HTM or fire safety.',
      },
      {
        target: 'chat-history',
        title: 'Your conversations',
        description: 'Every conversation is kept here: open, rename, share or delete it.',
      },
    ],
  },
  review: {
    steps: {
      tour: tourStep('the Review Assistant'),
      sample_downloaded: {
        title: 'Download the sample policy',
        description: 'A waste-management policy with known problems, to try the review on.',
        kind: 'watched',
      },
      upload_clicked: {
        title: 'Choose the policy',
        description: 'Choose the sample (or one of your own policies) in the box under "Review a policy".',
        kind: 'watched',
      },
      start_clicked: {
        title: 'Start the review',
        description: 'Press Start review. The review reads every section against the library; it takes a few seconds.',
        kind: 'watched',
      },
      errors_inspected: {
        title: 'Inspect a finding',
        description: 'Open a finding: its place in the policy is marked, with the library passages behind it. Accept or dismiss it.',
        kind: 'watched',
      },
    },
    tour: [
      {
        target: 'review-sample',
        title: 'A policy to practise on',
        description: 'Download the sample policy to see what a review finds.',
      },
      {
        target: 'review-upload',
        title: 'Choose a policy',
        description: 'Choose a PDF, Word or text policy from this device, or drop one on the box.',
      },
      {
        target: 'review-start',
        title: 'Start the review',
        description: 'Give it a title if you like, then start. Outdated references, missing sections and overdue review dates are found.',
      },
      {
        target: 'review-list',
        title: 'Your reviews',
        description: 'Every review is kept here, with how many findings are still open.',
      },
    ],
  },
  write: {
    steps: {
      tour: tourStep('the Writing Assistant'),
      sample_downloaded: {
        title: 'Download the sample transcript',
        description: 'A Water Safety Group meeting, to try the Writing Assistant with.',
        kind: 'watched',
      },
      upload: {
        title: 'Write the minutes',
        description: 'Choose the sample transcript, keep Minutes and press Generate. The document opens when it is ready.',
        kind: 'watched',
      },
      document_edited: {
        title: 'Edit the document',
        description: 'Change anything in the minutes: your edits are saved as you type. Each action shows the lines it came from.',
        kind: 'watched',
      },
      docx_downloaded: {
        title: 'Download it as Word',
        description: 'Download the minutes as a Word document to circulate them.',
        kind: 'watched',
      },
    },
    tour: [
      {
        target: 'write-sample',
        title: 'A transcript to practise on',
        description: 'Download the sample transcript of a Water Safety Group meeting.',
      },
      {
        target: 'write-upload',
        title: 'Your transcript',
        description: 'Upload a transcript (Word, text, Markdown, or WebVTT or SRT captions) or paste it.',
      },
      {
        target: 'write-kind',
        title: 'What to write',
        description: 'Minutes, an action log, a briefing or an incident report.',
      },
      {
        target: 'write-list',
        title: 'Your documents',
        description: 'Everything you have written is kept here to edit and download again.',
      },
    ],
  },
  wiki: {
    steps: {
      tour: tourStep('the Regulatory Wiki'),
      filter: {
        title: 'Filter by domain',
        description: 'Open the Domain filter and choose HTM (Health Technical Memoranda).',
        kind: 'watched',
      },
      search: {
        title: 'Open HTM 06-01',
        description: 'Find HTM 06-01, the guidance on electrical services, in the list and open it to read.',
        kind: 'watched',
      },
      chat: {
        title: 'Ask about it',
        description: 'Ask the chat a question about electrical safety, for example "How often should a fixed wiring inspection happen?"',
        kind: 'watched',
      },
    },
    tour: [
      {
        target: 'wiki-search',
        title: 'Search the library',
        description: 'Search every document by words or by a code such as "HTM 04-01".',
      },
      {
        target: 'wiki-filters',
        title: 'Filters',
        description: 'Narrow the list by category, domain and subdomain.',
      },
      {
        target: 'wiki-results',
        title: 'The documents',
        description: 'Open one to read it, save it to your favourites or add it to compare two editions.',
      },
    ],
  },
  dashboard: {
    steps: {
      tour: tourStep('the Champion Dashboard'),
      champion: {
        title: 'Find your most active colleague',
        description: 'Set the period to 30 days and look at the users table: who used the tools most? Type their name below to check.',
        kind: 'answer',
      },
    },
    tour: [
      {
        target: 'dashboard-period',
        title: 'The period',
        description: 'Every figure covers this period and is compared with the one before it.',
      },
      {
        target: 'dashboard-metrics',
        title: 'At a glance',
        description: 'Active users, questions asked, time saved, documents used and tasks.',
      },
      {
        target: 'dashboard-users',
        title: 'Your members',
        description: 'Each member’s last sign-in, activity and tasks; search, sort and download as CSV.',
      },
      {
        target: 'dashboard-invite',
        title: 'Invite colleagues',
        description: 'Invite by e-mail or make a link to share.',
      },
    ],
  },
};

/** The module's steps in order, with their text. */
export function guideSteps<M extends OnboardingModuleKey>(module: M): { id: OnboardingStep<M>; step: GuideStep }[] {
  const guide = GUIDES[module] as ModuleGuide<M>;
  return (ONBOARDING_STEPS[module] as readonly OnboardingStep<M>[]).map((id) => ({ id, step: guide.steps[id] }));
}
