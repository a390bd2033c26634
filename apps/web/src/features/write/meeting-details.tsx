import { WRITE_TITLE_MAX_LENGTH } from '@verity/shared';
import { TextField } from '../../components/ui/text-field';

export interface MeetingDetailsProps {
  title: string;
  onTitleChange: (title: string) => void;
  date: string;
  onDateChange: (date: string) => void;
  titleError: string | undefined;
  dateError: string | undefined;
}

/** The meeting's title and date, both optional: the transcript supplies them when left blank. */
export function MeetingDetails({ title, onTitleChange, date, onDateChange, titleError, dateError }: MeetingDetailsProps) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
      <TextField
        label="Meeting title (optional)"
        name="title"
        value={title}
        onChange={(event) => onTitleChange(event.target.value)}
        maxLength={WRITE_TITLE_MAX_LENGTH}
        hint="Left blank, it is taken from the transcript."
        autoComplete="off"
        error={titleError}
      />
      <TextField
        label="Meeting date (optional)"
        name="meeting_date"
        type="date"
        hint="Left blank, the date said in the meeting."
        value={date}
        onChange={(event) => onDateChange(event.target.value)}
        error={dateError}
      />
    </div>
  );
}
