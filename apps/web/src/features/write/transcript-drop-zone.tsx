import { WRITE_FILE_EXTENSIONS } from '@verity/shared';
import { extensionsSentence, FileDropZone, type FileDropZoneProps } from '../../components/file-drop-zone';

export const WRONG_FILE_TYPE_MESSAGE = `Choose a transcript file: ${extensionsSentence(WRITE_FILE_EXTENSIONS)}.`;

export type TranscriptDropZoneProps = Pick<FileDropZoneProps, 'file' | 'onFile' | 'onReject' | 'errorId' | 'invalid'>;

/** Drop a transcript here or choose one; once chosen, its name and size with a way to remove it. */
export function TranscriptDropZone(props: TranscriptDropZoneProps) {
  return (
    <FileDropZone
      {...props}
      extensions={WRITE_FILE_EXTENSIONS}
      noun="a transcript"
      label="Transcript file"
      kinds="Word, text, Markdown, WebVTT or SRT"
      wrongTypeMessage={WRONG_FILE_TYPE_MESSAGE}
    />
  );
}
