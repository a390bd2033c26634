import type { TranscriptFormat, TranscriptLine, WriteFindings, WriteKind } from '@verity/shared';
import type { LibraryCode } from '../core/library/load.ts';

export type { LibraryCode } from '../core/library/load.ts';

/**
 * The writing engine's shapes. The engine is pure: it reads a transcript and the library's codes
 * and says what the meeting decided and who does what. It knows nothing of HTTP or the database;
 * `modules/write` loads, stores and serves.
 */

/** A transcript after reading: cleaned lines, numbered from 1, in the order they were said. */
export interface Transcript {
  format: TranscriptFormat;
  lines: TranscriptLine[];
}

/** A person of the meeting, as the minutes name them. */
export interface Person {
  /** The name the minutes use: the fullest form heard ("Priya Raman"), a label otherwise ("PERSON3"). */
  name: string;
  /** Every other way the meeting referred to them: speaker labels, first name, nickname. */
  aliases: string[];
  /** Their role as it emerged ("Authorising Engineer (Water)"), when one did. */
  role: string | null;
  /** Spoke, or was said to be present (a silent note-taker). */
  present: boolean;
}

/** Who was at the meeting and when it was. */
export interface Meeting {
  /** The meeting date: given with the upload, or said in the meeting (`YYYY-MM-DD`). */
  date: string | null;
  nextMeetingDate: string | null;
  /** The meeting's name as said ("Water Safety Group"), when it was. */
  name: string | null;
  attendees: Person[];
  apologies: Person[];
  /** Finds the person a name, label, nickname or role refers to (attendees and apologies). */
  resolve(mention: string): Person | null;
}

/** A library document as the reference detector sees it. */

export interface WriteInput {
  transcript: Transcript;
  kind: WriteKind;
  /** Given with the upload; said in the meeting otherwise. */
  title?: string;
  meetingDate?: string;
  library: readonly LibraryCode[];
  /** Today, for a meeting date said without a year (`YYYY-MM-DD`). */
  today: string;
}

export type WriteStage = 'speakers' | 'topics' | 'items' | 'references' | 'writing';

/** An engine turns a transcript into findings; the document's first content is written from them. */
export interface WriteEngine {
  /** 'builtin' or 'provider:{provider}:{model}'. */
  id: string;
  findings(
    input: WriteInput,
    options: {
      onStage?: (stage: WriteStage, detail?: Record<string, number>) => Promise<void> | void;
      signal?: AbortSignal;
      /** Whose document this is: the untrusted-work pool gives one person at most their share of its workers. */
      owner?: string;
    },
  ): Promise<WriteFindings>;
}
